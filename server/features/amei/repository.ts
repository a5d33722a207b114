import { createHash } from 'node:crypto';
import { eq, lt, or, sql } from 'drizzle-orm';
import { GROUP_NAMES } from '../../../src/domain/permissions.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Db } from '../../db/client.ts';
import { ameiTokenUsado, usuario, usuarioGrupo } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { AmeiIdentity } from './verifier.ts';

/** The provider's `perfil` claim → the São Paulo group it signs the user into (spec §6). */
const GROUP_OF_PROFILE: Record<string, string> = {
  fesp: GROUP_NAMES.fesp,
  fespespecial: GROUP_NAMES.fespEspecial,
  coordenador: GROUP_NAMES.coordenador,
};

export function groupNameOfProfile(perfil: string | null): string | undefined {
  return perfil ? GROUP_OF_PROFILE[perfil.replace(/[\s_-]/g, '').toLowerCase()] : undefined;
}

async function findGroupId(db: Db, tenantId: string, nome: string): Promise<number | undefined> {
  const groups = await db
    .select({ grupoId: usuarioGrupo.grupoId, nome: usuarioGrupo.nome })
    .from(usuarioGrupo)
    .where(scoped(usuarioGrupo, tenantId));
  return groups.find((g) => compareText(g.nome.trim(), nome) === 0)?.grupoId;
}

export type ProvisionResult =
  | { status: 'ok'; usuarioId: number; habilitado: boolean; created: boolean }
  | { status: 'no-group'; groupName: string }
  /** The e-mail or CPF belongs to a user of another AMEI id. */
  | { status: 'conflict' };

/**
 * Finds the user of an AMEI identity in this tenant, or creates it. Found by AMEI id first; a user
 * registered before by an administrator (same e-mail or CPF, no AMEI id yet) is linked rather than
 * duplicated. The provider is the source of name, e-mail, CPF and role: each sign-in brings them up to date.
 */
export async function findOrProvisionUser(db: Db, tenantId: string, identity: AmeiIdentity, groupName: string): Promise<ProvisionResult> {
  const grupoId = await findGroupId(db, tenantId, groupName);
  if (grupoId === undefined) return { status: 'no-group', groupName };
  return db.transaction(async (tx) => {
    const matches = await tx
      .select({ usuarioId: usuario.usuarioId, ameiId: usuario.ameiId, habilitado: usuario.habilitado })
      .from(usuario)
      .where(
        scoped(
          usuario,
          tenantId,
          or(eq(usuario.ameiId, identity.ameiid), eq(usuario.email, identity.email), eq(usuario.cpf, identity.cpf)),
        ),
      )
      .for('update');
    const byId = matches.find((m) => m.ameiId === identity.ameiid);
    const linkable = matches.find((m) => m.ameiId === null);
    const existing = byId ?? linkable;
    const values = { nome: identity.nome, email: identity.email, cpf: identity.cpf, grupoId, ameiId: identity.ameiid };
    if (existing) {
      // Another account already holding this e-mail or CPF keeps it: only the AMEI id is certain.
      const clash = matches.some((m) => m.usuarioId !== existing.usuarioId);
      await tx
        .update(usuario)
        .set(clash ? { nome: values.nome, grupoId, ameiId: values.ameiId } : values)
        .where(scoped(usuario, tenantId, eq(usuario.usuarioId, existing.usuarioId)));
      return { status: 'ok' as const, usuarioId: existing.usuarioId, habilitado: existing.habilitado, created: false };
    }
    if (matches.length > 0) return { status: 'conflict' as const };
    const [row] = await tx
      .insert(usuario)
      .values(withTenant(tenantId, { ...values, senhaHash: null }))
      .returning({ usuarioId: usuario.usuarioId });
    return { status: 'ok' as const, usuarioId: row!.usuarioId, habilitado: true, created: true };
  });
}

/**
 * Spends a verified ID token: true the first time, false for any later send of the same token, on any
 * instance and however many arrive at once (one INSERT … ON CONFLICT DO NOTHING decides). Keyed by the
 * signed part (header.payload) rather than the nonce, which a refreshed token keeps (src/api/sso.ts),
 * or the whole token, whose signature part can be re-encoded (or, for ECDSA, re-signed as (r, n−s))
 * while still verifying; any change to the signed part breaks the signature. Kept until the token's own
 * expiry, after which the verifier refuses it anyway; expired rows are purged here, as logins happen.
 */
export async function spendIdToken(db: Db, idToken: string, expiresAt: number): Promise<boolean> {
  const chave = createHash('sha256').update(idToken.slice(0, idToken.lastIndexOf('.'))).digest('hex');
  const spent = await db
    .insert(ameiTokenUsado)
    .values({ chave, expiraEm: new Date(expiresAt * 1000) })
    .onConflictDoNothing()
    .returning({ chave: ameiTokenUsado.chave });
  await db.delete(ameiTokenUsado).where(lt(ameiTokenUsado.expiraEm, sql`now()`));
  return spent.length === 1;
}
