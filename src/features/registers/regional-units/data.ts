import { downloadFile } from '../../../api/download.ts';
import { pathOf } from '../../../contract/endpoint.ts';
import { registers } from '../../../contract/registers.ts';

/** GET api/UnidadeRegional/gerar-xlsx-unidade-regional: the units of the tenant's state and their municipalities. */
export function downloadRegionalUnits(uf: string): Promise<void> {
  return downloadFile(pathOf(registers.regionalUnits.spreadsheet), `Unidades Regionais ${uf}.xlsx`, () => undefined, { method: 'get' });
}
