import { registers } from '../../../contract/registers.ts';
import { readOf } from '../pattern/declaration.ts';
import { actorInputSchema, actorRowSchema, type ActorRow } from '../../../domain/register-territory.ts';
import { byMunicipality, municipalityField } from '../municipality-filter.tsx';
import { defineRegister } from '../pattern/declaration.ts';

type ActorForm = { municipioId: number | undefined; nome: string; segmento: string; contato: string };

/**
 * /atores (spec §7 api/atores; the spec names no screen): the local actors of the municipalities the
 * user sees, kept like the other registers without a menu item of their own (statuses, brackets) by
 * who holds Gestão de Cadastros (menuGestaoCadastros), the flag the server checks on every write.
 */
export const actorRegister = defineRegister<ActorRow, ActorForm>({
  key: 'atores',
  title: 'Atores locais',
  noun: { name: 'ator', gender: 'm' },
  flag: 'menuGestaoCadastros',
  api: {
    list: readOf(registers.actors.endpoints.list!),
    create: registers.actors.endpoints.create,
    update: registers.actors.endpoints.update,
    remove: registers.actors.endpoints.remove,
  },
  row: actorRowSchema,
  idOf: (row) => row.atorId,
  nameOf: (row) => row.nome,
  idKey: 'atorId',
  columns: () => [
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 50 },
    { key: 'municipioNome', header: 'Município', truncate: 30 },
    { key: 'segmento', header: 'Segmento', truncate: 30 },
    { key: 'contato', header: 'Contato', truncate: 30 },
  ],
  defaultSort: { key: 'nome', direction: 'asc' },
  emptyText: 'Nenhum Ator retornado',
  loadError: 'Erro ao obter Atores',
  exportName: 'Atores locais',
  filters: byMunicipality(),
  form: {
    schema: actorInputSchema,
    initial: (row) => ({
      municipioId: row?.municipioId,
      nome: row?.nome ?? '',
      segmento: row?.segmento ?? '',
      contato: row?.contato ?? '',
    }),
    fields: [
      { kind: 'text', name: 'nome', label: 'Nome', required: true },
      municipalityField(),
      { kind: 'text', name: 'segmento', label: 'Segmento', maxLength: 100 },
      { kind: 'text', name: 'contato', label: 'Contato', maxLength: 200 },
    ],
  },
});
