import { MYSTERY_SHOPPER_MESSAGES } from '../../../src/domain/mystery-shopper.ts';
import { registerRecord } from '../../lib/access.ts';
import { findAttachment, MYSTERY_SHOPPER_ATTACHMENTS, type StoredAttachment } from '../../lib/attachments.ts';
import * as repo from './repository.ts';

declare module '../../lib/access.ts' {
  interface Records {
    mysteryShopperRound: repo.StoredRound;
    mysteryShopperFile: StoredAttachment & { municipioId: number };
  }
}

/**
 * A round, and an evidence file through its round, are gated by the round's municipality (its
 * Cliente Oculto tab with the seal rule): one of a municipality out of sight answers like a missing one.
 */
export function registerMysteryShopperRecords(): void {
  registerRecord('mysteryShopperRound', {
    find: (db, tenantId, id) => repo.findRound(db, tenantId, id),
    notFound: MYSTERY_SHOPPER_MESSAGES.rodadaNaoEncontrada,
  });
  registerRecord('mysteryShopperFile', {
    find: async (db, tenantId, id) => {
      const file = await findAttachment(db, tenantId, MYSTERY_SHOPPER_ATTACHMENTS, id);
      const owner = file && (await repo.findRound(db, tenantId, file.ownerId));
      return file && owner ? { ...file, municipioId: owner.municipioId } : null;
    },
    notFound: MYSTERY_SHOPPER_MESSAGES.arquivoNaoEncontrado,
  });
}
