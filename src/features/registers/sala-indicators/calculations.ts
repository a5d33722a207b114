import { salaRegisters } from '../../../contract/sala.ts';
import { calculationRowSchema } from '../../../domain/sala.ts';
import { namedRegister } from './named.ts';

/** Formas de Apuração (/sala-principal/{id}/sala-indicadores-apuracao, api/salaindicadorapuracao): how a value is calculated. */
export default namedRegister({
  key: 'sala-indicadores-apuracao',
  title: 'Formas de Apuração',
  noun: salaRegisters.calculations.noun,
  contract: salaRegisters.calculations,
  row: calculationRowSchema,
  idKey: 'apuracaoId',
  emptyText: 'Nenhuma Forma de Apuração retornada',
});
