import { registers } from '../../../contract/registers.ts';
import { readOf } from '../pattern/declaration.ts';
import { EMPTY_MESSAGES } from '../../../domain/messages.ts';
import { institutionInputSchema, institutionRowSchema, type InstitutionRow } from '../../../domain/register-territory.ts';
import { MUNICIPALITY_OPTIONS, MunicipalityFilter } from '../municipality-filter.tsx';
import { defineRegister } from '../pattern/declaration.ts';

type InstitutionForm = { nome: string; sigla: string; municipioIds: number[] };

/**
 * /instituicao (spec §2, §3 "Institution", §7 api/govInstituicao). The server answers only what the
 * user may see (spec §6: all with verTodasInstituicao, otherwise the institutions of their cities).
 */
export const institutionRegister = defineRegister<InstitutionRow, InstitutionForm>({
  key: 'instituicoes',
  title: 'Instituições',
  noun: { name: 'instituição', gender: 'f' },
  flag: 'menuInstituicao',
  api: {
    list: readOf(registers.institutions.search, { body: {} }),
    create: registers.institutions.endpoints.create,
    update: registers.institutions.endpoints.update,
    remove: registers.institutions.endpoints.remove,
  },
  row: institutionRowSchema,
  idOf: (row) => row.instituicaoId,
  nameOf: (row) => row.nome,
  idKey: 'instituicaoId',
  columns: () => [
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 60 },
    { key: 'sigla', header: 'Sigla', width: '8rem' },
    { key: 'municipios', header: 'Municípios', value: (row) => row.municipioNomes.join(', '), truncate: 50 },
  ],
  defaultSort: { key: 'nome', direction: 'asc' },
  emptyText: EMPTY_MESSAGES.institutions,
  loadError: 'Erro ao obter Instituições',
  exportName: 'Instituições',
  filters: {
    initial: { municipioId: null },
    render: (state, set) => (
      <MunicipalityFilter value={(state.municipioId as number | null) ?? null} onChange={(id) => set('municipioId', id)} />
    ),
    apply: (rows, state) =>
      typeof state.municipioId === 'number' ? rows.filter((row) => row.municipioIds.includes(state.municipioId as number)) : [...rows],
  },
  form: {
    schema: institutionInputSchema,
    initial: (row) => ({ nome: row?.nome ?? '', sigla: row?.sigla ?? '', municipioIds: row?.municipioIds ?? [] }),
    fields: [
      { kind: 'text', name: 'nome', label: 'Nome', required: true },
      { kind: 'text', name: 'sigla', label: 'Sigla', maxLength: 30 },
      {
        kind: 'multiselect',
        name: 'municipioIds',
        label: 'Municípios',
        emptyText: EMPTY_MESSAGES.municipalities,
        maxChips: 1,
        options: MUNICIPALITY_OPTIONS,
      },
    ],
  },
});
