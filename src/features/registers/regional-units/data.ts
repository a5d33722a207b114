import { downloadFile } from '../../../api/download.ts';

/** GET api/UnidadeRegional/gerar-xlsx-unidade-regional: the units of the tenant's state and their municipalities. */
export function downloadRegionalUnits(uf: string): Promise<void> {
  return downloadFile('UnidadeRegional/gerar-xlsx-unidade-regional', `Unidades Regionais ${uf}.xlsx`, () => undefined, { method: 'get' });
}
