import type { Table } from 'dexie';
import { z } from 'zod';
import { EVIDENCE_TABS, evidenceQuestionSchema, type EvidenceQuestion, type EvidenceTab } from '../../domain/evidence.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';
import { evidenceFilesStores, evidenceQuestionsStores } from './stores.ts';

/** Evidence: the table exists since v1; its rows get their full shape with their issue. Nothing writes it yet. */
export type EvidenciaRow = { perguntaEvidenciaId: number; perguntaMunicipioId: number } & SyncFields;

/** A file chosen on this device for a question, waiting in the outbox (an `evidence-upload` entry): shown as pendente. */
export type PendingEvidenceFile = {
  /** The outbox entry that uploads it. */
  outboxId: string;
  nomeArquivo: string;
  tamanho: number;
  dadosComplementares: boolean;
};
/**
 * An evidence question of a municipality (issue 15) as its evidence tab lists it, with its files;
 * `pendentes` are the files queued here and not yet on the server. The offline bundle and each
 * tab's read fill it; a tab shows the rows whose evidenceTabOf is that tab.
 */
export type PerguntaEvidenciaRow = EvidenceQuestion & { pendentes?: PendingEvidenceFile[] } & SyncFields;

declare module '../../offline/tables.ts' {
  interface DeviceTables {
    evidencias: Table<EvidenciaRow, number>;
    perguntasEvidencia: Table<PerguntaEvidenciaRow, number>;
  }
}

/** Scope of one evidence tab of a municipality (GET get-perguntas-municipios-{tab}), which the bundle also fills. */
export function evidenceTabScope(municipioId: number, tab: EvidenceTab): string {
  return `perguntasEvidencia:municipio:${municipioId}:${tab}`;
}

/** v1's evidence table: unused since v4 (the files travel inside each question), kept because landed versions never change. */
export const evidenceFilesTable = defineDeviceTable({
  ...evidenceFilesStores,
  row: z.object({ perguntaEvidenciaId: z.number().int(), perguntaMunicipioId: z.number().int() }),
});

/** v4 (issue 15): evidence questions keyed by perguntaMunicipioId, with their files' metadata inside. */
export const evidenceQuestionsTable = defineDeviceTable({
  ...evidenceQuestionsStores,
  row: evidenceQuestionSchema,
  // The evidence tabs open and take files offline; an older server sends none and the tabs keep what they had.
  bundle: {
    key: 'perguntasEvidencia',
    whenAbsent: 'keep',
    scopes: (municipioId) => EVIDENCE_TABS.map((tab) => evidenceTabScope(municipioId, tab)),
  },
});
