import { randomBytes } from 'node:crypto';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  evidenceTabOf,
  sortEvidenceQuestions,
  type EvidenceFile,
  type EvidenceHistoryItem,
  type EvidenceQuestion,
  type EvidenceTab,
  type ScoreRange,
} from '../../../src/domain/evidence.ts';
import type { SniffedType } from '../../../src/domain/uploads.ts';
import type { Db } from '../../db/client.ts';
import {
  evidenciaHistorico,
  pergunta,
  perguntaEvidencia,
  perguntaFaixaResposta,
  perguntaMunicipio,
  tema,
  upload,
  usuario,
} from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { municipalityQuestionColumns, questionOfMunicipality, scoreRangeColumns } from '../../lib/question-columns.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

/** Public path of a rejected file (the client's page that calls GET api/publico/evidencia/{token}). */
export const PUBLIC_REJECTED_PATH = '/download-evidencia-recusada/';

/** 32 random bytes (256 bits), base64url: the unguessable id of a public download. */
export function newPublicToken(): string {
  return randomBytes(32).toString('base64url');
}

const questionColumns = {
  ...municipalityQuestionColumns,
  exigeEvidencia: pergunta.evidencia,
  evidencia: perguntaMunicipio.evidencia,
  temArquivo: perguntaMunicipio.temArquivo,
  evidenciada: perguntaMunicipio.evidenciada,
  rejeitada: perguntaMunicipio.rejeitada,
  aprovada: perguntaMunicipio.aprovada,
  quantidadeArquivo: perguntaMunicipio.quantidadeArquivo,
  quantidadeArquivoDadosComplementares: perguntaMunicipio.quantidadeArquivoDadosComplementares,
  atendentesCadastrados: perguntaMunicipio.atendentesCadastrados,
  atualizacaoAtendentes: perguntaMunicipio.atualizacaoAtendentes,
  valorInformado: perguntaMunicipio.valorInformado,
  perguntaFaixaRespostaId: perguntaMunicipio.perguntaFaixaRespostaId,
  qtdRejeicao: perguntaMunicipio.qtdRejeicao,
  prazoReenvio: perguntaMunicipio.prazoReenvio,
  salvo: perguntaMunicipio.salvo,
};

/** A question of a municipality as stored, with what the rules read (no files, ranges or points rule applied). */
export type QuestionRow = Omit<QuestionSelect, 'valorInformado'> & { valorInformado: number | null };

type QuestionSelect = Awaited<ReturnType<typeof questionQuery>>[number];

function questionRow(r: QuestionSelect): QuestionRow {
  return { ...r, valorInformado: r.valorInformado === null ? null : Number(r.valorInformado) };
}

function questionQuery(conn: Conn) {
  return conn
    .select(questionColumns)
    .from(perguntaMunicipio)
    .innerJoin(pergunta, questionOfMunicipality)
    .innerJoin(tema, eq(tema.temaId, pergunta.temaId));
}

export async function findQuestion(conn: Conn, tenantId: string, perguntaMunicipioId: number): Promise<QuestionRow | null> {
  const [row] = await questionQuery(conn).where(
    scoped(perguntaMunicipio, tenantId, eq(perguntaMunicipio.perguntaMunicipioId, perguntaMunicipioId)),
  );
  return row ? questionRow(row) : null;
}

/**
 * The question locked for the rest of the transaction (SELECT … FOR UPDATE): two analysts deciding
 * at once, or a send racing a finalization, run one after the other and the second sees the first's
 * outcome.
 */
export async function lockQuestion(tx: Tx, tenantId: string, perguntaMunicipioId: number): Promise<QuestionRow | null> {
  const [row] = await questionQuery(tx)
    .where(scoped(perguntaMunicipio, tenantId, eq(perguntaMunicipio.perguntaMunicipioId, perguntaMunicipioId)))
    .for('update', { of: perguntaMunicipio });
  return row ? questionRow(row) : null;
}

const fileColumns = {
  perguntaEvidenciaId: perguntaEvidencia.perguntaEvidenciaId,
  perguntaMunicipioId: perguntaEvidencia.perguntaMunicipioId,
  nomeArquivo: perguntaEvidencia.nomeArquivo,
  tipo: perguntaEvidencia.tipo,
  tamanho: perguntaEvidencia.tamanho,
  aprovada: perguntaEvidencia.aprovada,
  rejeitada: perguntaEvidencia.rejeitada,
  enviada: perguntaEvidencia.enviada,
  justificativa: perguntaEvidencia.justificativa,
  usuarioId: perguntaEvidencia.usuarioId,
  eixoId: perguntaEvidencia.eixoId,
  prazoReenvio: perguntaEvidencia.prazoReenvio,
  dadosComplementares: perguntaEvidencia.dadosComplementares,
  criadoEm: perguntaEvidencia.criadoEm,
  tokenPublico: perguntaEvidencia.tokenPublico,
  storageKey: perguntaEvidencia.storageKey,
  arquivoId: perguntaEvidencia.arquivoId,
};

/** A file as stored: what the API shows plus where its bytes are. */
export type StoredEvidence = Omit<EvidenceFile, 'tipo' | 'criadoEm' | 'linkPublico'> & {
  tipo: SniffedType;
  criadoEm: Date;
  tokenPublico: string;
  storageKey: string;
  arquivoId: number;
};

/** What the API answers for a file: the public link only for a rejected one. */
export function presentFile(f: StoredEvidence, mime: (t: SniffedType) => string): EvidenceFile {
  return {
    perguntaEvidenciaId: f.perguntaEvidenciaId,
    perguntaMunicipioId: f.perguntaMunicipioId,
    nomeArquivo: f.nomeArquivo,
    tipo: mime(f.tipo),
    tamanho: f.tamanho,
    aprovada: f.aprovada,
    rejeitada: f.rejeitada,
    enviada: f.enviada,
    justificativa: f.justificativa,
    usuarioId: f.usuarioId,
    eixoId: f.eixoId,
    prazoReenvio: f.prazoReenvio,
    dadosComplementares: f.dadosComplementares,
    criadoEm: f.criadoEm.toISOString(),
    linkPublico: f.rejeitada ? `${PUBLIC_REJECTED_PATH}${f.tokenPublico}` : null,
  };
}

export async function listFiles(conn: Conn, tenantId: string, perguntaMunicipioIds: number[]): Promise<StoredEvidence[]> {
  if (perguntaMunicipioIds.length === 0) return [];
  return conn
    .select(fileColumns)
    .from(perguntaEvidencia)
    .where(scoped(perguntaEvidencia, tenantId, inArray(perguntaEvidencia.perguntaMunicipioId, perguntaMunicipioIds)))
    .orderBy(asc(perguntaEvidencia.perguntaEvidenciaId));
}

export async function findFile(conn: Conn, tenantId: string, perguntaEvidenciaId: number): Promise<StoredEvidence | null> {
  const [row] = await conn
    .select(fileColumns)
    .from(perguntaEvidencia)
    .where(scoped(perguntaEvidencia, tenantId, eq(perguntaEvidencia.perguntaEvidenciaId, perguntaEvidenciaId)));
  return row ?? null;
}

export async function findFileByToken(db: Db, tenantId: string, token: string): Promise<StoredEvidence | null> {
  const [row] = await db
    .select(fileColumns)
    .from(perguntaEvidencia)
    .where(scoped(perguntaEvidencia, tenantId, eq(perguntaEvidencia.tokenPublico, token)));
  return row ?? null;
}

export async function listRanges(conn: Conn, tenantId: string, perguntaIds: number[]): Promise<Map<number, ScoreRange[]>> {
  const byQuestion = new Map<number, ScoreRange[]>();
  if (perguntaIds.length === 0) return byQuestion;
  const rows = await conn
    .select({
      ...scoreRangeColumns,
    })
    .from(perguntaFaixaResposta)
    .where(scoped(perguntaFaixaResposta, tenantId, inArray(perguntaFaixaResposta.perguntaId, perguntaIds)))
    .orderBy(asc(perguntaFaixaResposta.faixaPontos), asc(perguntaFaixaResposta.perguntaFaixaRespostaId));
  for (const { perguntaId, ...range } of rows) {
    const list = byQuestion.get(perguntaId) ?? [];
    list.push(range);
    byQuestion.set(perguntaId, list);
  }
  return byQuestion;
}

export type EvidenceView = {
  /** Axes the user sees in the municipality. */
  axes: 'all' | ReadonlySet<number>;
  /** Points show (canSeePointsAndMedals). */
  showPoints: boolean;
  mime: (t: SniffedType) => string;
};

/** Questions with their files and ranges, as every evidence call answers them. */
export async function present(conn: Conn, tenantId: string, rows: QuestionRow[], view: EvidenceView): Promise<EvidenceQuestion[]> {
  const files = await listFiles(
    conn,
    tenantId,
    rows.map((r) => r.perguntaMunicipioId),
  );
  const ranges = await listRanges(conn, tenantId, [...new Set(rows.map((r) => r.perguntaId))]);
  return rows.map((r) => {
    const faixas = ranges.get(r.perguntaId) ?? [];
    const { exigeEvidencia, ...rest } = r;
    return {
      ...rest,
      exigeEvidencia,
      pontos: view.showPoints ? r.pontos : null,
      faixaNome: faixas.find((f) => f.perguntaFaixaRespostaId === r.perguntaFaixaRespostaId)?.faixaNome ?? null,
      faixas,
      evidencias: files.filter((f) => f.perguntaMunicipioId === r.perguntaMunicipioId).map((f) => presentFile(f, view.mime)),
    };
  });
}

/** The municipality's questions answered Sim that require evidence, in `tab`, on the axes of `view`. */
export async function listTabQuestions(
  db: Db,
  tenantId: string,
  municipioId: number,
  tab: EvidenceTab | 'all',
  view: EvidenceView,
): Promise<EvidenceQuestion[]> {
  if (view.axes !== 'all' && view.axes.size === 0) return [];
  const rows = await questionQuery(db).where(
    scoped(
      perguntaMunicipio,
      tenantId,
      eq(perguntaMunicipio.municipioId, municipioId),
      eq(perguntaMunicipio.resposta, true),
      eq(pergunta.evidencia, true),
      view.axes === 'all' ? undefined : inArray(perguntaMunicipio.eixoId, [...view.axes]),
    ),
  );
  const inTab = rows.map(questionRow).filter((r) => tab === 'all' || evidenceTabOf(r) === tab);
  return sortEvidenceQuestions(await present(db, tenantId, inTab, view));
}

export type NewFile = {
  arquivoId: number;
  uploadId: string;
  nome: string;
  tamanho: number;
  sha256: string;
  tipo: SniffedType;
  storageKey: string;
};

export async function insertFiles(
  tx: Tx,
  tenantId: string,
  q: Pick<QuestionRow, 'perguntaMunicipioId' | 'eixoId'>,
  files: NewFile[],
  opts: { usuarioId: number; dadosComplementares: boolean },
): Promise<StoredEvidence[]> {
  if (files.length === 0) return [];
  await tx.insert(perguntaEvidencia).values(
    files.map((f) =>
      withTenant(tenantId, {
        perguntaMunicipioId: q.perguntaMunicipioId,
        arquivoId: f.arquivoId,
        uploadId: f.uploadId,
        nomeArquivo: f.nome,
        tamanho: f.tamanho,
        sha256: f.sha256,
        tipo: f.tipo,
        storageKey: f.storageKey,
        usuarioId: opts.usuarioId,
        eixoId: q.eixoId,
        dadosComplementares: opts.dadosComplementares,
        tokenPublico: newPublicToken(),
      }),
    ),
  );
  return listFiles(tx, tenantId, [q.perguntaMunicipioId]);
}

/** Updates the question's columns (atualizadoEm too). */
export async function updateQuestion(
  tx: Tx,
  tenantId: string,
  perguntaMunicipioId: number,
  values: Partial<typeof perguntaMunicipio.$inferInsert>,
): Promise<void> {
  await tx
    .update(perguntaMunicipio)
    .set({ ...values, atualizadoEm: new Date() })
    .where(scoped(perguntaMunicipio, tenantId, eq(perguntaMunicipio.perguntaMunicipioId, perguntaMunicipioId)));
}

export async function updateFile(
  tx: Tx,
  tenantId: string,
  perguntaEvidenciaId: number,
  values: Partial<Pick<typeof perguntaEvidencia.$inferInsert, 'aprovada' | 'rejeitada' | 'enviada' | 'justificativa' | 'prazoReenvio'>>,
): Promise<void> {
  await tx
    .update(perguntaEvidencia)
    .set(values)
    .where(scoped(perguntaEvidencia, tenantId, eq(perguntaEvidencia.perguntaEvidenciaId, perguntaEvidenciaId)));
}

export async function updateFilesOf(
  tx: Tx,
  tenantId: string,
  perguntaMunicipioId: number,
  values: Partial<Pick<typeof perguntaEvidencia.$inferInsert, 'enviada' | 'prazoReenvio'>>,
): Promise<void> {
  await tx
    .update(perguntaEvidencia)
    .set(values)
    .where(scoped(perguntaEvidencia, tenantId, eq(perguntaEvidencia.perguntaMunicipioId, perguntaMunicipioId)));
}

/**
 * Deletes files (all of the question's with 'all') and the uploads they were claimed from, in the
 * caller's transaction; resolves with the storage keys, to remove once it has committed.
 */
export async function deleteFiles(tx: Tx, tenantId: string, perguntaMunicipioId: number, ids: number[] | 'all'): Promise<string[]> {
  if (ids !== 'all' && ids.length === 0) return [];
  const gone = await tx
    .delete(perguntaEvidencia)
    .where(
      scoped(
        perguntaEvidencia,
        tenantId,
        eq(perguntaEvidencia.perguntaMunicipioId, perguntaMunicipioId),
        ids === 'all' ? undefined : inArray(perguntaEvidencia.perguntaEvidenciaId, ids),
      ),
    )
    .returning({ arquivoId: perguntaEvidencia.arquivoId, storageKey: perguntaEvidencia.storageKey });
  if (gone.length > 0) {
    await tx.delete(upload).where(
      scoped(
        upload,
        tenantId,
        inArray(
          upload.arquivoId,
          gone.map((g) => g.arquivoId),
        ),
      ),
    );
  }
  return gone.map((g) => g.storageKey);
}

export type HistoryEntry = {
  perguntaMunicipioId: number;
  perguntaEvidenciaId?: number | null;
  nomeArquivo?: string | null;
  acao: EvidenceHistoryItem['acao'];
  analisada?: boolean;
  aprovada?: boolean;
  rejeitada?: boolean;
  justificativa?: string | null;
  avaliadoPorId?: number | null;
  evidenciadoPorId?: number | null;
  em: Date;
};

export async function addHistory(tx: Tx, tenantId: string, entries: HistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(evidenciaHistorico).values(entries.map((e) => withTenant(tenantId, e)));
}

export async function listHistory(db: Db, tenantId: string, perguntaMunicipioId: number): Promise<EvidenceHistoryItem[]> {
  const avaliador = alias(usuario, 'avaliador');
  const evidenciador = alias(usuario, 'evidenciador');
  const rows = await db
    .select({
      historicoId: evidenciaHistorico.historicoId,
      perguntaEvidenciaId: evidenciaHistorico.perguntaEvidenciaId,
      nomeArquivo: evidenciaHistorico.nomeArquivo,
      acao: evidenciaHistorico.acao,
      analisada: evidenciaHistorico.analisada,
      aprovada: evidenciaHistorico.aprovada,
      rejeitada: evidenciaHistorico.rejeitada,
      justificativa: evidenciaHistorico.justificativa,
      avaliadoPor: avaliador.nome,
      evidenciadoPor: evidenciador.nome,
      em: evidenciaHistorico.em,
    })
    .from(evidenciaHistorico)
    .leftJoin(avaliador, eq(avaliador.usuarioId, evidenciaHistorico.avaliadoPorId))
    .leftJoin(evidenciador, eq(evidenciador.usuarioId, evidenciaHistorico.evidenciadoPorId))
    .where(scoped(evidenciaHistorico, tenantId, eq(evidenciaHistorico.perguntaMunicipioId, perguntaMunicipioId)))
    .orderBy(desc(evidenciaHistorico.em), desc(evidenciaHistorico.historicoId));
  return rows.map((r) => ({ ...r, em: r.em.toISOString() }));
}

/** The municipality's rejected files on the axes the user sees, with their question's number (the zip bundle). */
export async function listRejectedFiles(
  db: Db,
  tenantId: string,
  municipioId: number,
  axes: 'all' | ReadonlySet<number>,
): Promise<(StoredEvidence & { numero: number })[]> {
  if (axes !== 'all' && axes.size === 0) return [];
  return db
    .select({ ...fileColumns, numero: pergunta.numero })
    .from(perguntaEvidencia)
    .innerJoin(perguntaMunicipio, eq(perguntaMunicipio.perguntaMunicipioId, perguntaEvidencia.perguntaMunicipioId))
    .innerJoin(pergunta, questionOfMunicipality)
    .where(
      scoped(
        perguntaEvidencia,
        tenantId,
        eq(perguntaMunicipio.municipioId, municipioId),
        eq(perguntaEvidencia.rejeitada, true),
        axes === 'all' ? undefined : inArray(perguntaMunicipio.eixoId, [...axes]),
      ),
    )
    .orderBy(asc(pergunta.numero), asc(perguntaEvidencia.perguntaEvidenciaId));
}

/** The range exists for this question (a range of another question is refused). */
export async function rangeOfQuestion(tx: Tx, tenantId: string, perguntaId: number, perguntaFaixaRespostaId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: perguntaFaixaResposta.perguntaFaixaRespostaId })
    .from(perguntaFaixaResposta)
    .where(
      scoped(
        perguntaFaixaResposta,
        tenantId,
        eq(perguntaFaixaResposta.perguntaId, perguntaId),
        eq(perguntaFaixaResposta.perguntaFaixaRespostaId, perguntaFaixaRespostaId),
      ),
    );
  return row !== undefined;
}
