import { salaRegisters } from '../../../contract/sala.ts';
import { sourceRowSchema } from '../../../domain/sala.ts';
import { namedRegister } from './named.ts';

/** Fontes (/sala-principal/{id}/sala-indicadores-fonte, api/salaindicadorfonte): where a value comes from. */
export default namedRegister({
  key: 'sala-indicadores-fonte',
  title: 'Fontes',
  noun: salaRegisters.sources.noun,
  contract: salaRegisters.sources,
  row: sourceRowSchema,
  idKey: 'fonteId',
  emptyText: 'Nenhuma Fonte retornada',
});
