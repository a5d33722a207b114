import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { addBusinessDays, saoPauloDate } from '../../src/domain/business-days.ts';
import { complementFileName } from '../../src/domain/evidence.ts';
import * as s from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import { BASE_DATE } from './data.ts';
import { addDays, ensureAnswerRanges, type Ensure, type Tx } from './ensure.ts';
import { SEED_FOLDER, seedFileBytes } from './field-reports.ts';

/**
 * Seed: evidence (spec §3-§5) with REAL small files (PDF, and an Excel workbook), in both tenants.
 *
 * Score ranges (Parcial 5, Integral 10) for questions 1, 3, 13 and 24.
 *
 * In the first municipality of each tenant (SC: Florianópolis; MS: Campo Grande), where the demo
 * member membro@demo.local works, question ids in each state (perguntaMunicipioIds are serial, so
 * look them up by municipality and perguntaId):
 * - respondida, no file: 4, 22, 23 (22 and 23 take any number of files; the e2e uploads two PDFs to 22);
 * - respondida with one PDF, ready to send: 5;
 * - respondida, question 3 with attendants: atendentesCadastrados 3, atualizacaoAtendentes 3,
 *   valorInformado 20, one PDF: ready to send;
 * - evidenciada with two files undecided (a PDF and an Excel workbook), has score ranges: 24;
 * - aprovada (one approved file): 7;
 * - rejeitada, deadline still open (two business days after the seed ran, Date.now()): 8;
 * - rejeitada, deadline passed (five days before the seed ran): 9;
 * - rejeitada twice (qtdRejeicao 2, deadline open, cannot be resent): 10.
 * Every other vigente municipality keeps the states of seed/questions.ts (answerState), and its
 * questions marked with files get them: undecided when evidenciada, rejected (finalized) when rejeitada.
 *
 * Idempotent: a question that already has evidence files or history is never touched again, so a
 * re-run neither resets the demo's work nor moves a deadline.
 */

const RANGES = [
  { faixaNome: 'Parcial', faixaPontos: 5 },
  { faixaNome: 'Integral', faixaPontos: 10 },
];
const RANGED_QUESTIONS = [1, 3, 13, 24];

type FileSeed = { nome: string; excel?: boolean; complement?: boolean };
type Decision = 'none' | 'approved' | 'rejected';
type StateSeed = {
  perguntaId: number;
  files: FileSeed[];
  pm: Partial<typeof s.perguntaMunicipio.$inferInsert>;
  decision: Decision;
};

const JUSTIFICATION = 'O documento não comprova o critério: envie o ato publicado no diário oficial.';

function demoStates(now: Date): StateSeed[] {
  const today = saoPauloDate(now);
  const open = addBusinessDays(now, 2);
  const answered = {
    resposta: true,
    salvo: true,
    evidenciada: false,
    rejeitada: false,
    aprovada: false,
    qtdRejeicao: 0,
    prazoReenvio: null,
  };
  return [
    { perguntaId: 4, files: [], pm: answered, decision: 'none' },
    { perguntaId: 22, files: [], pm: answered, decision: 'none' },
    { perguntaId: 23, files: [], pm: answered, decision: 'none' },
    { perguntaId: 5, files: [{ nome: 'Portal do Empreendedor - atendimentos.pdf' }], pm: answered, decision: 'none' },
    {
      perguntaId: 3,
      files: [{ nome: 'Certificados dos atendentes.pdf' }],
      pm: { ...answered, atendentesCadastrados: 3, atualizacaoAtendentes: 3, valorInformado: '20' },
      decision: 'none',
    },
    {
      perguntaId: 24,
      files: [{ nome: 'Lei Geral municipal.pdf' }, { nome: 'Execução orçamentária.xlsx', excel: true }],
      pm: { ...answered, evidenciada: true },
      decision: 'none',
    },
    {
      perguntaId: 7,
      files: [{ nome: 'Decreto de dispensa de alvará.pdf' }],
      pm: { ...answered, evidenciada: true, aprovada: true },
      decision: 'approved',
    },
    {
      perguntaId: 8,
      files: [{ nome: 'Relatório de prazos de alvará.pdf' }],
      pm: { ...answered, evidenciada: true, rejeitada: true, qtdRejeicao: 1, prazoReenvio: open },
      decision: 'rejected',
    },
    {
      perguntaId: 9,
      files: [{ nome: 'Comprovante de compras locais.pdf' }],
      pm: { ...answered, evidenciada: true, rejeitada: true, qtdRejeicao: 1, prazoReenvio: addDays(today, -5) },
      decision: 'rejected',
    },
    {
      perguntaId: 10,
      files: [{ nome: 'Ata da comissão de licitação.pdf' }],
      pm: { ...answered, evidenciada: true, rejeitada: true, qtdRejeicao: 2, prazoReenvio: open },
      decision: 'rejected',
    },
  ];
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function userId(tx: Tx, tenantId: string, email: string): Promise<number> {
  const [row] = await tx
    .select({ usuarioId: s.usuario.usuarioId })
    .from(s.usuario)
    .where(scoped(s.usuario, tenantId, eq(s.usuario.email, email)));
  return row!.usuarioId;
}

/** A claimed 'evidencia' upload with its real bytes (written to storage by restoreSeedFiles) and the evidence row. */
async function ensureFile(
  ensure: Ensure,
  pm: { perguntaMunicipioId: number; eixoId: number; municipioId: number; perguntaId: number },
  index: number,
  file: FileSeed,
  opts: { usuarioId: number; decision: Decision; prazoReenvio: string | null; criadoEm: Date },
) {
  const chave = `seed-ev-${pm.municipioId}-${pm.perguntaId}-${index}`;
  const nome = file.complement ? complementFileName(file.nome) : file.nome;
  const storageKey = `${SEED_FOLDER}/${chave}.${file.excel ? 'xlsx' : 'pdf'}`;
  const bytes = seedFileBytes(nome, storageKey);
  const tipo = file.excel ? ('xlsx' as const) : ('pdf' as const);
  const up = await ensure(s.upload, [eq(s.upload.usuarioId, opts.usuarioId), eq(s.upload.chave, chave)], {
    uploadId: `${chave}-${randomBytes(6).toString('hex')}`,
    usuarioId: opts.usuarioId,
    chave,
    nome,
    tamanho: bytes.length,
    sha256: sha256(bytes),
    finalidade: 'evidencia',
    tipo,
    recebido: bytes.length,
    concluido: true,
    storageKey,
    claimedAt: opts.criadoEm,
  });
  await ensure(s.perguntaEvidencia, [eq(s.perguntaEvidencia.arquivoId, up.arquivoId)], {
    perguntaMunicipioId: pm.perguntaMunicipioId,
    arquivoId: up.arquivoId,
    uploadId: up.uploadId,
    nomeArquivo: nome,
    tamanho: up.tamanho,
    sha256: up.sha256,
    tipo,
    storageKey,
    aprovada: opts.decision === 'approved',
    rejeitada: opts.decision === 'rejected',
    enviada: opts.decision !== 'none',
    justificativa: opts.decision === 'rejected' ? JUSTIFICATION : null,
    usuarioId: opts.usuarioId,
    eixoId: pm.eixoId,
    prazoReenvio: opts.decision === 'rejected' ? opts.prazoReenvio : null,
    dadosComplementares: file.complement ?? false,
    tokenPublico: randomBytes(32).toString('base64url'),
    criadoEm: opts.criadoEm,
  });
}

export async function seedEvidence(tx: Tx, tenantId: string, ensure: Ensure, municipioIds: number[], now = new Date()): Promise<void> {
  for (const perguntaId of RANGED_QUESTIONS) await ensureAnswerRanges(ensure, perguntaId, RANGES);
  const member = await userId(tx, tenantId, 'membro@demo.local');
  const admin = await userId(tx, tenantId, 'admin@demo.local');
  const analyst = await userId(tx, tenantId, 'analista@demo.local');
  const criadoEm = new Date(`${BASE_DATE}T14:00:00-03:00`);

  for (const [position, municipioId] of municipioIds.entries()) {
    const rows = await tx
      .select({
        perguntaMunicipioId: s.perguntaMunicipio.perguntaMunicipioId,
        perguntaId: s.perguntaMunicipio.perguntaId,
        eixoId: s.perguntaMunicipio.eixoId,
        municipioId: s.perguntaMunicipio.municipioId,
        resposta: s.perguntaMunicipio.resposta,
        temArquivo: s.perguntaMunicipio.temArquivo,
        evidenciada: s.perguntaMunicipio.evidenciada,
        rejeitada: s.perguntaMunicipio.rejeitada,
        quantidadeArquivo: s.perguntaMunicipio.quantidadeArquivo,
        quantidadeArquivoDadosComplementares: s.perguntaMunicipio.quantidadeArquivoDadosComplementares,
        prazoReenvio: s.perguntaMunicipio.prazoReenvio,
      })
      .from(s.perguntaMunicipio)
      .where(scoped(s.perguntaMunicipio, tenantId, eq(s.perguntaMunicipio.municipioId, municipioId)));
    if (rows.length === 0) continue;
    const ids = rows.map((r) => r.perguntaMunicipioId);
    const touched = new Set(
      [
        ...(await tx
          .select({ id: s.perguntaEvidencia.perguntaMunicipioId })
          .from(s.perguntaEvidencia)
          .where(scoped(s.perguntaEvidencia, tenantId, inArray(s.perguntaEvidencia.perguntaMunicipioId, ids)))),
        ...(await tx
          .select({ id: s.evidenciaHistorico.perguntaMunicipioId })
          .from(s.evidenciaHistorico)
          .where(scoped(s.evidenciaHistorico, tenantId, inArray(s.evidenciaHistorico.perguntaMunicipioId, ids)))),
      ].map((r) => r.id),
    );
    const demo = position === 0 ? demoStates(now) : [];
    for (const row of rows) {
      if (touched.has(row.perguntaMunicipioId)) continue;
      const state = demo.find((d) => d.perguntaId === row.perguntaId);
      const usuarioId = position === 0 ? member : admin;
      if (state) {
        await tx
          .update(s.perguntaMunicipio)
          .set({
            ...state.pm,
            temArquivo: state.files.length > 0,
            quantidadeArquivo: state.files.filter((f) => !f.complement).length,
            quantidadeArquivoDadosComplementares: state.files.filter((f) => f.complement).length,
            perguntaFaixaRespostaId: null,
          })
          .where(scoped(s.perguntaMunicipio, tenantId, eq(s.perguntaMunicipio.perguntaMunicipioId, row.perguntaMunicipioId)));
        for (const [i, f] of state.files.entries()) {
          await ensureFile(ensure, row, i, f, {
            usuarioId,
            decision: state.decision,
            prazoReenvio: state.pm.prazoReenvio ?? null,
            criadoEm,
          });
        }
        await recordHistory(tx, tenantId, row.perguntaMunicipioId, state.decision, { usuarioId, analyst, criadoEm });
        continue;
      }
      if (row.perguntaId === 3) {
        await tx
          .update(s.perguntaMunicipio)
          .set({ atendentesCadastrados: 3 })
          .where(scoped(s.perguntaMunicipio, tenantId, eq(s.perguntaMunicipio.perguntaMunicipioId, row.perguntaMunicipioId)));
      }
      if (row.resposta !== true || !row.temArquivo) continue;
      // seed/questions.ts marked these with files: give them real ones, decided as their state says.
      const decision: Decision = row.rejeitada ? 'rejected' : 'none';
      const files: FileSeed[] = [
        ...Array.from({ length: row.quantidadeArquivo }, (_, i) => ({ nome: `Evidência ${row.perguntaId}-${i + 1}.pdf` })),
        ...Array.from({ length: row.quantidadeArquivoDadosComplementares }, () => ({
          nome: 'Declaração de atendentes.pdf',
          complement: true,
        })),
      ];
      for (const [i, f] of files.entries()) {
        await ensureFile(ensure, row, i, f, { usuarioId, decision, prazoReenvio: row.prazoReenvio, criadoEm });
      }
      await recordHistory(tx, tenantId, row.perguntaMunicipioId, row.evidenciada ? decision : 'none', {
        usuarioId,
        analyst,
        criadoEm,
        sent: row.evidenciada,
      });
    }
  }
}

/** The history a question in that state would have. */
async function recordHistory(
  tx: Tx,
  tenantId: string,
  perguntaMunicipioId: number,
  decision: Decision,
  opts: { usuarioId: number; analyst: number; criadoEm: Date; sent?: boolean },
) {
  const files = await tx
    .select({ perguntaEvidenciaId: s.perguntaEvidencia.perguntaEvidenciaId, nomeArquivo: s.perguntaEvidencia.nomeArquivo })
    .from(s.perguntaEvidencia)
    .where(and(eq(s.perguntaEvidencia.tenantId, tenantId), eq(s.perguntaEvidencia.perguntaMunicipioId, perguntaMunicipioId)));
  if (files.length === 0) return;
  const at = (hours: number) => new Date(opts.criadoEm.getTime() + hours * 3600_000);
  const entries: (typeof s.evidenciaHistorico.$inferInsert)[] = files.map((f) => ({
    tenantId,
    perguntaMunicipioId,
    perguntaEvidenciaId: f.perguntaEvidenciaId,
    nomeArquivo: f.nomeArquivo,
    acao: 'carregada',
    evidenciadoPorId: opts.usuarioId,
    em: at(0),
  }));
  if (decision !== 'none' || opts.sent) {
    entries.push({ tenantId, perguntaMunicipioId, acao: 'enviada', evidenciadoPorId: opts.usuarioId, em: at(1) });
  }
  if (decision !== 'none') {
    const approved = decision === 'approved';
    for (const f of files) {
      entries.push({
        tenantId,
        perguntaMunicipioId,
        perguntaEvidenciaId: f.perguntaEvidenciaId,
        nomeArquivo: f.nomeArquivo,
        acao: approved ? 'aprovada' : 'rejeitada',
        analisada: true,
        aprovada: approved,
        rejeitada: !approved,
        justificativa: approved ? null : JUSTIFICATION,
        avaliadoPorId: opts.analyst,
        evidenciadoPorId: opts.usuarioId,
        em: at(24),
      });
    }
    entries.push({
      tenantId,
      perguntaMunicipioId,
      acao: 'finalizada',
      analisada: true,
      aprovada: approved,
      rejeitada: !approved,
      avaliadoPorId: opts.analyst,
      em: at(25),
    });
  }
  await tx.insert(s.evidenciaHistorico).values(entries);
}
