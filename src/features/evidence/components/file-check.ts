import { checkEvidenceFiles, EVIDENCE_MESSAGES, type Check, type EvidenceQuestion } from '../../../domain/evidence.ts';
import type { PermissionContext } from '../../../domain/permissions.ts';
import { isAllowedFor, SNIFF_BYTES, sniffFileType } from '../../../domain/uploads.ts';

/** Whether a chosen file is a PDF or an Excel workbook, by its first bytes (never its name or the browser's type). */
export async function isEvidenceType(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return isAllowedFor('evidencia', sniffFileType(head));
}

/**
 * Spec §5 "Evidence upload" on the device, before anything is queued: the rules of the contract
 * (none chosen, sizes, counts per question, question 1 in Sala, axes) then the type by content.
 * `existing` counts the question's files that are not question 3's declaration, queued ones included.
 */
export async function checkChosenFiles(
  question: Pick<EvidenceQuestion, 'perguntaId' | 'eixoId' | 'atendentesCadastrados' | 'atualizacaoAtendentes'>,
  existing: number,
  files: readonly File[],
  opts: { ctx: PermissionContext; isSala: boolean; now: Date },
): Promise<Check> {
  const rules = checkEvidenceFiles(question, existing, files, opts);
  if (!rules.ok) return rules;
  for (const file of files) if (!(await isEvidenceType(file))) return { ok: false, message: EVIDENCE_MESSAGES.wrongType };
  return { ok: true };
}

/** The files of a question that count toward its limit: the server's and the queued ones, without question 3's declaration. */
export function countedFiles(q: {
  evidencias: ReadonlyArray<{ dadosComplementares: boolean }>;
  pendentes: ReadonlyArray<{ dadosComplementares: boolean }>;
}): number {
  return [...q.evidencias, ...q.pendentes].filter((f) => !f.dadosComplementares).length;
}

/** Question 3's declaration is already on the server or queued. */
export function hasDeclaration(q: {
  quantidadeArquivoDadosComplementares: number;
  pendentes: ReadonlyArray<{ dadosComplementares: boolean }>;
}): boolean {
  return q.quantidadeArquivoDadosComplementares > 0 || q.pendentes.some((p) => p.dadosComplementares);
}
