import type { ProposalRow } from '../../../src/domain/proposals.ts';
import { PROPOSAL_MESSAGES } from '../../../src/domain/proposals.ts';
import { registerRecord } from '../../lib/access.ts';
import { findAttachment, PROPOSAL_ATTACHMENTS, type StoredAttachment } from '../../lib/attachments.ts';
import * as repo from './repository.ts';

/** An annex with the municipality of its proposal: access gates it like the proposal. */
export type ProposalAttachment = StoredAttachment & { municipioId: number };

declare module '../../lib/access.ts' {
  interface Records {
    proposal: ProposalRow;
    proposalAttachment: ProposalAttachment;
  }
}

/**
 * The records the proposal endpoints name (src/contract/proposals.ts): a proposal, and an annex
 * through its proposal, are gated by the municipality (one out of sight or of another tenant is
 * "not found"). Everyone who opens the municipality's Proposta tab sees all its proposals: a
 * proposal is the municipality's, not its author's.
 */
export function registerProposalRecords(): void {
  registerRecord('proposal', {
    find: (db, tenantId, id) => repo.findProposal(db, tenantId, id),
    notFound: PROPOSAL_MESSAGES.naoEncontrada,
  });
  registerRecord('proposalAttachment', {
    find: async (db, tenantId, id) => {
      const file = await findAttachment(db, tenantId, PROPOSAL_ATTACHMENTS, id);
      const owner = file && (await repo.findProposal(db, tenantId, file.ownerId));
      return file && owner ? { ...file, municipioId: owner.municipioId } : null;
    },
    notFound: PROPOSAL_MESSAGES.anexoNaoEncontrado,
  });
}
