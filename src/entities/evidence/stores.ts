import { defineDeviceStores } from '../../offline/tables.ts';

// What opening the device store needs of these tables: the service worker imports only this, the rows are in table.ts.

/** v1's evidence table: unused since v4 (the files travel inside each question), kept because landed versions never change. */
export const evidenceFilesStores = defineDeviceStores({ name: 'evidencias', versions: { 1: '&perguntaEvidenciaId, perguntaMunicipioId' } });

/** v4 (issue 15): evidence questions keyed by perguntaMunicipioId, with their files' metadata inside. */
export const evidenceQuestionsStores = defineDeviceStores({
  name: 'perguntasEvidencia',
  versions: { 4: '&perguntaMunicipioId, municipioId' },
});
