import { registers } from '../../../contract/registers.ts';
import { readOf } from '../pattern/declaration.ts';
import { schoolInputSchema, schoolRowSchema, type SchoolRow } from '../../../domain/register-territory.ts';
import { byMunicipality, municipalityField } from '../municipality-filter.tsx';
import { defineRegister } from '../pattern/declaration.ts';

type SchoolForm = {
  municipioId: number | undefined;
  nome: string;
  codigoInep: string;
  quantidadeAlunos: number | string;
  quantidadeProfessores: number | string;
};

/** /municipio-escola (Educação Empreendedora; spec §7 api/municipio-escola): the schools of the municipalities the user sees. */
export const schoolRegister = defineRegister<SchoolRow, SchoolForm>({
  key: 'escolas',
  title: 'Escolas',
  noun: { name: 'escola', gender: 'f' },
  flag: 'menuEducacaoEmpreendedora',
  api: {
    list: readOf(registers.schools.endpoints.list!),
    create: registers.schools.endpoints.create,
    update: registers.schools.endpoints.update,
    remove: registers.schools.endpoints.remove,
  },
  row: schoolRowSchema,
  idOf: (row) => row.municipioEscolaId,
  nameOf: (row) => row.nome,
  idKey: 'municipioEscolaId',
  columns: () => [
    { key: 'nome', header: 'Escola', rowHeader: true, truncate: 50 },
    { key: 'municipioNome', header: 'Município', truncate: 30 },
    { key: 'codigoInep', header: 'Código INEP', width: '9rem' },
    { key: 'quantidadeAlunos', header: 'Alunos', width: '7rem', align: 'end' },
    { key: 'quantidadeProfessores', header: 'Professores', width: '8rem', align: 'end' },
  ],
  defaultSort: { key: 'nome', direction: 'asc' },
  emptyText: 'Nenhuma Escola retornada',
  loadError: 'Erro ao obter Escolas',
  exportName: 'Escolas',
  filters: byMunicipality(),
  form: {
    schema: schoolInputSchema,
    width: 800,
    initial: (row) => ({
      municipioId: row?.municipioId,
      nome: row?.nome ?? '',
      codigoInep: row?.codigoInep ?? '',
      quantidadeAlunos: row?.quantidadeAlunos ?? '',
      quantidadeProfessores: row?.quantidadeProfessores ?? '',
    }),
    fields: [
      { kind: 'text', name: 'nome', label: 'Nome', required: true },
      municipalityField(),
      { kind: 'text', name: 'codigoInep', label: 'Código INEP', maxLength: 8, helperText: '8 dígitos' },
      { kind: 'integer', name: 'quantidadeAlunos', label: 'Quantidade de alunos', required: true, maxDigits: 6 },
      { kind: 'integer', name: 'quantidadeProfessores', label: 'Quantidade de professores', required: true, maxDigits: 5 },
    ],
  },
});
