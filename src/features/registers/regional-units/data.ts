import { downloadFile } from '../../../api/download.ts';
import { pathOf } from '../../../contract/endpoint.ts';
import { registers } from '../../../contract/registers.ts';
import { command } from '../../../data/command.ts';
import { SPREADSHEET_FAILED } from '../pattern/wording.ts';

/** GET api/UnidadeRegional/gerar-xlsx-unidade-regional: the units of the tenant's state and their municipalities. */
export const downloadRegionalUnits = command.online({
  send: (uf: string) =>
    downloadFile(pathOf(registers.regionalUnits.spreadsheet), `Unidades Regionais ${uf}.xlsx`, () => undefined, { method: 'get' }),
  failure: { message: SPREADSHEET_FAILED },
});
