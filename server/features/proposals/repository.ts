import { and, asc, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Extra, Instalment, ProposalEvent, ProposalHistoryEntry, ProposalRow, ProposalStatus } from '../../../src/domain/proposals.ts';
import {
  eixo,
  grupoSolucao,
  municipio,
  proposta,
  propostaEixo,
  propostaExtra,
  propostaHistorico,
  propostaParcela,
  propostaSolucao,
  solucao,
  usuario,
} from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { Conn, Tx } from '../../lib/command.ts';

/** The proposals' SQL, every query scoped by tenant; rows or null, never an HTTP error. */

const rowColumns = {
  propostaId: proposta.propostaId,
  municipioId: proposta.municipioId,
  titulo: proposta.titulo,
  status: proposta.status,
  valorTotal: proposta.valorTotal,
  investimentoMunicipio: proposta.investimentoMunicipio,
  contrapartidaSebrae: proposta.contrapartidaSebrae,
  premium: proposta.premium,
  motivoRejeicao: proposta.motivoRejeicao,
  criadoPorNome: usuario.nome,
  criadoEm: proposta.criadoEm,
  atualizadoEm: proposta.atualizadoEm,
  quantidadeParcelas: count(propostaParcela.propostaParcelaId),
};

function selectRows(db: Conn, tenantId: string, where: ReturnType<typeof eq>) {
  return db
    .select(rowColumns)
    .from(proposta)
    .innerJoin(usuario, eq(usuario.usuarioId, proposta.criadoPorId))
    .leftJoin(propostaParcela, eq(propostaParcela.propostaId, proposta.propostaId))
    .where(scoped(proposta, tenantId, where))
    .groupBy(proposta.propostaId, usuario.nome)
    .orderBy(desc(proposta.criadoEm), desc(proposta.propostaId));
}

const rowOf = ({ criadoEm, atualizadoEm, ...r }: Awaited<ReturnType<typeof selectRows>>[number]): ProposalRow => ({
  ...r,
  quantidadeParcelas: Number(r.quantidadeParcelas),
  criacao: criadoEm.toISOString(),
  atualizacao: atualizadoEm.toISOString(),
});

export async function listByMunicipality(db: Conn, tenantId: string, municipioId: number): Promise<ProposalRow[]> {
  return (await selectRows(db, tenantId, eq(proposta.municipioId, municipioId))).map(rowOf);
}

export async function findProposal(db: Conn, tenantId: string, propostaId: number): Promise<ProposalRow | null> {
  const [row] = await selectRows(db, tenantId, eq(proposta.propostaId, propostaId));
  return row ? rowOf(row) : null;
}

/** The row locked for a change of status or content (FOR UPDATE): two analysts cannot both decide. */
export async function lockProposal(tx: Tx, tenantId: string, propostaId: number): Promise<{ status: ProposalStatus } | null> {
  const [row] = await tx
    .select({ status: proposta.status })
    .from(proposta)
    .where(scoped(proposta, tenantId, eq(proposta.propostaId, propostaId)))
    .for('update');
  return row ?? null;
}

export async function municipalityOf(db: Conn, tenantId: string, municipioId: number) {
  const [row] = await db
    .select({ nome: municipio.nome, uf: municipio.uf, projetoId: municipio.projetoId })
    .from(municipio)
    .where(scoped(municipio, tenantId, eq(municipio.municipioId, municipioId)));
  return row ?? null;
}

/** The enabled solutions of the municipality's project (none when it has no project), with their group. */
export async function projectSolutions(db: Conn, tenantId: string, projetoId: number | null) {
  if (projetoId === null) return [];
  return db
    .select({ solucaoId: solucao.solucaoId, nome: solucao.nome, grupo: grupoSolucao.nome })
    .from(solucao)
    .innerJoin(grupoSolucao, eq(grupoSolucao.grupoSolucaoId, solucao.grupoSolucaoId))
    .where(
      scoped(
        solucao,
        tenantId,
        eq(grupoSolucao.projetoId, projetoId),
        eq(solucao.desabilitado, false),
        eq(grupoSolucao.desabilitado, false),
      ),
    )
    .orderBy(asc(grupoSolucao.nome), asc(solucao.nome));
}

/** The axes of the tenant a proposal may name: those of the municipality's project and those of no project. */
export async function axesFor(db: Conn, tenantId: string, projetoId: number | null) {
  return db
    .select({ eixoId: eixo.eixoId, nome: eixo.nome })
    .from(eixo)
    .where(scoped(eixo, tenantId, projetoId === null ? isNull(eixo.projetoId) : or(isNull(eixo.projetoId), eq(eixo.projetoId, projetoId))))
    .orderBy(asc(eixo.nome));
}

export type ProposalValues = {
  titulo: string;
  valorTotal: number;
  investimentoMunicipio: number;
  contrapartidaSebrae: number;
  premium: boolean;
  observacoes: string;
};

export async function insertProposal(tx: Tx, tenantId: string, municipioId: number, criadoPorId: number, values: ProposalValues) {
  const [row] = await tx
    .insert(proposta)
    .values(withTenant(tenantId, { municipioId, criadoPorId, ...values }))
    .returning({ propostaId: proposta.propostaId });
  return row!.propostaId;
}

export async function updateProposal(tx: Tx, tenantId: string, propostaId: number, values: ProposalValues) {
  await tx
    .update(proposta)
    .set({ ...values, status: 'rascunho', motivoRejeicao: null, atualizadoEm: new Date() })
    .where(scoped(proposta, tenantId, eq(proposta.propostaId, propostaId)));
}

export async function setStatus(tx: Tx, tenantId: string, propostaId: number, status: ProposalStatus, motivoRejeicao: string | null) {
  await tx
    .update(proposta)
    .set({ status, motivoRejeicao, atualizadoEm: new Date() })
    .where(scoped(proposta, tenantId, eq(proposta.propostaId, propostaId)));
}

/** Replaces the solutions, axes, extras and instalments of a proposal with the given ones. */
export async function replaceParts(
  tx: Tx,
  tenantId: string,
  propostaId: number,
  parts: { solucaoIds: number[]; eixoIds: number[]; extras: Extra[]; parcelas: Instalment[] },
) {
  const mine = (table: typeof propostaSolucao | typeof propostaEixo | typeof propostaExtra | typeof propostaParcela) =>
    scoped(table, tenantId, eq(table.propostaId, propostaId));
  await tx.delete(propostaSolucao).where(mine(propostaSolucao));
  await tx.delete(propostaEixo).where(mine(propostaEixo));
  await tx.delete(propostaExtra).where(mine(propostaExtra));
  await tx.delete(propostaParcela).where(mine(propostaParcela));
  const of = <T extends object>(rows: T[]) => rows.map((row) => withTenant(tenantId, { propostaId, ...row }));
  if (parts.solucaoIds.length > 0) await tx.insert(propostaSolucao).values(of(parts.solucaoIds.map((solucaoId) => ({ solucaoId }))));
  if (parts.eixoIds.length > 0) await tx.insert(propostaEixo).values(of(parts.eixoIds.map((eixoId) => ({ eixoId }))));
  if (parts.extras.length > 0)
    await tx.insert(propostaExtra).values(of(parts.extras.map((e, ordem) => ({ ordem, descricao: e.descricao, valor: e.valor }))));
  if (parts.parcelas.length > 0) await tx.insert(propostaParcela).values(of(parts.parcelas.map((p) => ({ ...p }))));
}

export async function addHistory(
  tx: Tx,
  tenantId: string,
  propostaId: number,
  usuarioId: number,
  evento: ProposalEvent,
  motivo: string | null = null,
) {
  await tx.insert(propostaHistorico).values(withTenant(tenantId, { propostaId, usuarioId, evento, motivo }));
}

export async function deleteProposal(tx: Tx, tenantId: string, propostaId: number) {
  await tx.delete(proposta).where(scoped(proposta, tenantId, eq(proposta.propostaId, propostaId)));
}

/**
 * The parts of the detail: solutions, axes, extras, instalments and the history, oldest first. Read
 * one after another: inside a command `db` is a transaction, one connection that runs one query at a time.
 */
export async function partsOf(db: Conn, tenantId: string, propostaId: number) {
  const solucoes = await db
    .select({ solucaoId: solucao.solucaoId, nome: solucao.nome })
    .from(propostaSolucao)
    .innerJoin(solucao, eq(solucao.solucaoId, propostaSolucao.solucaoId))
    .where(scoped(propostaSolucao, tenantId, eq(propostaSolucao.propostaId, propostaId)))
    .orderBy(asc(solucao.nome));
  const eixos = await db
    .select({ eixoId: eixo.eixoId, nome: eixo.nome })
    .from(propostaEixo)
    .innerJoin(eixo, eq(eixo.eixoId, propostaEixo.eixoId))
    .where(scoped(propostaEixo, tenantId, eq(propostaEixo.propostaId, propostaId)))
    .orderBy(asc(eixo.nome));
  const extras = await db
    .select({ descricao: propostaExtra.descricao, valor: propostaExtra.valor })
    .from(propostaExtra)
    .where(scoped(propostaExtra, tenantId, eq(propostaExtra.propostaId, propostaId)))
    .orderBy(asc(propostaExtra.ordem));
  const parcelas = await db
    .select({ numero: propostaParcela.numero, vencimento: propostaParcela.vencimento, valor: propostaParcela.valor })
    .from(propostaParcela)
    .where(scoped(propostaParcela, tenantId, eq(propostaParcela.propostaId, propostaId)))
    .orderBy(asc(propostaParcela.numero));
  const historico = await db
    .select({ evento: propostaHistorico.evento, motivo: propostaHistorico.motivo, usuarioNome: usuario.nome, em: propostaHistorico.em })
    .from(propostaHistorico)
    .innerJoin(usuario, eq(usuario.usuarioId, propostaHistorico.usuarioId))
    .where(scoped(propostaHistorico, tenantId, eq(propostaHistorico.propostaId, propostaId)))
    .orderBy(asc(propostaHistorico.em), asc(propostaHistorico.propostaHistoricoId));
  const history: ProposalHistoryEntry[] = historico.map((h) => ({ ...h, em: h.em.toISOString() }));
  return { solucoes, eixos, extras, parcelas, historico: history };
}

/** How many of `ids` are solutions of the project / axes the proposal may name (to refuse foreign ids with a 400). */
export async function countKnown(db: Conn, tenantId: string, projetoId: number | null, solucaoIds: number[], eixoIds: number[]) {
  const solutions = (await projectSolutions(db, tenantId, projetoId)).filter((s) => solucaoIds.includes(s.solucaoId)).length;
  const axes =
    eixoIds.length === 0
      ? 0
      : (
          await db
            .select({ eixoId: eixo.eixoId })
            .from(eixo)
            .where(
              and(
                scoped(eixo, tenantId, inArray(eixo.eixoId, eixoIds)),
                projetoId === null ? isNull(eixo.projetoId) : or(isNull(eixo.projetoId), eq(eixo.projetoId, projetoId)),
              ),
            )
        ).length;
  return { solutions, axes };
}

export async function observacoesOf(db: Conn, tenantId: string, propostaId: number): Promise<string | null> {
  const [row] = await db
    .select({ observacoes: proposta.observacoes })
    .from(proposta)
    .where(scoped(proposta, tenantId, eq(proposta.propostaId, propostaId)));
  return row?.observacoes ?? null;
}
