import { z } from 'zod';
import { requestOf } from '../../contract/endpoint.ts';
import { members } from '../../contract/members.ts';
import { memberCreateSchema, memberSchema, type MemberCreate } from '../../domain/members.ts';
import { countQueuedFor } from '../../offline/outbox.ts';
import type { MembroRow } from './table.ts';
import { defineMutationKind } from '../../offline/kinds.ts';

/**
 * The member writes that work offline (issue 4): registering a member and setting their photo.
 * Both go through the outbox even online, so the list shows the member at once (marked pendente)
 * and a dropped connection never loses or doubles a registration.
 */

function memberEntity(membroId: number | null): string {
  return `membro:${membroId}`;
}

/** POST api/municipio/membro/cadastrar-membro. The state's e-mail rule is checked by the dialog and again by the server. */
export const memberCreateKind = defineMutationKind<MemberCreate>({
  name: 'member-create',
  title: 'Novo membro',
  schema: memberCreateSchema(null),
  label: (member) => `Cadastro do membro ${member.nome}`,
  entityKey: (_member, tempId) => memberEntity(tempId),
  toRequest: (member) => requestOf(members.create, { body: member }),
  serverIdField: 'membroId',
  creates: true,
  async applyLocal(db, member, { tempId }) {
    if (tempId === null) throw new Error('member-create needs a temp id');
    const row: MembroRow = {
      membroId: tempId,
      municipioId: member.municipioId,
      nome: member.nome,
      email: member.email,
      telefone: member.telefone,
      cpf: member.cpf,
      cargo: member.cargo,
      orgao: member.orgao,
      instituicaoId: member.instituicaoId,
      imagemMembro: null,
      membroGrupos: member.membroGrupos.map((link) => ({ grupoId: link.grupoId, membroId: tempId, lider: link.lider })),
      syncedAt: 0,
      pending: 1,
    };
    await db.membros.put(row);
  },
  async reconcile(db, entry, response) {
    const saved = memberSchema.parse(response);
    if (entry.tempId !== null) await db.membros.delete(entry.tempId);
    // A photo queued after the registration is still pending: keep the row marked until it lands.
    const photoQueued = await countQueuedFor(db, memberEntity(saved.membroId));
    await db.membros.put({ ...saved, syncedAt: Date.now(), pending: photoQueued > 0 ? 1 : 0 });
  },
  async revertLocal(db, entry) {
    if (entry.tempId !== null) await db.membros.delete(entry.tempId);
  },
});

/** Payload of PUT api/municipio/membro/atualizar-foto-membro; membroId may be the temp id of a member registered offline. */
export const memberPhotoPayloadSchema = z.object({
  membroId: z.number().int(),
  imagemMembro: z.string().nullable(),
  /** Only for the sync centre's label. */
  nome: z.string(),
});
export type MemberPhotoPayload = z.infer<typeof memberPhotoPayloadSchema>;

export const memberPhotoKind = defineMutationKind<MemberPhotoPayload>({
  name: 'member-photo',
  title: 'Foto de membro',
  schema: memberPhotoPayloadSchema,
  label: (payload) => `Foto do membro ${payload.nome}`,
  entityKey: (payload) => memberEntity(payload.membroId),
  toRequest: ({ membroId, imagemMembro }) => requestOf(members.updatePhoto, { body: { membroId, imagemMembro } }),
  async applyLocal(db, payload) {
    await db.membros.update(payload.membroId, { imagemMembro: payload.imagemMembro, pending: 1 });
  },
  async reconcile(db, _entry, response) {
    const saved = memberSchema.parse(response);
    await db.membros.put({ ...saved, syncedAt: Date.now(), pending: 0 });
  },
});
