import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Conn } from '../../lib/command.ts';
import {
  acompanhamento,
  acompanhamentoPergunta,
  eixo,
  govCategoria,
  instituicao,
  instituicaoMunicipio,
  municipio,
  municipioGrupoSolucao,
  municipioSolucao,
  municipioTarefa,
  pergunta,
  perguntaMunicipio,
  seloDiagnostico,
  solucaoUsuario,
  tema,
  unidadeRegional,
  unidadeRegionalMunicipio,
  usuario,
} from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';

/** Scoped reads of the territorial agent's tabs: rows only, never an HTTP error. */

/** Every question the municipality has, with its axis, points and the municipality's answer. */
export async function scoredQuestions(db: Conn, tenantId: string, municipioId: number, eixoIds?: readonly number[]) {
  return db
    .select({ eixoId: perguntaMunicipio.eixoId, pontos: pergunta.pontos, resposta: perguntaMunicipio.resposta })
    .from(perguntaMunicipio)
    .innerJoin(pergunta, and(eq(pergunta.tenantId, perguntaMunicipio.tenantId), eq(pergunta.perguntaId, perguntaMunicipio.perguntaId)))
    .where(
      scoped(
        perguntaMunicipio,
        tenantId,
        eq(perguntaMunicipio.municipioId, municipioId),
        eixoIds ? inArray(perguntaMunicipio.eixoId, [...eixoIds]) : undefined,
      ),
    );
}

export async function axesByIds(db: Conn, tenantId: string, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ eixoId: eixo.eixoId, nome: eixo.nome })
    .from(eixo)
    .where(scoped(eixo, tenantId, inArray(eixo.eixoId, [...ids])))
    .orderBy(asc(eixo.nome));
}

/** The diagnostic: when it was sent, and how many of its follow-up's questions are answered. */
export async function diagnosticProgress(db: Conn, tenantId: string, municipioId: number) {
  const [sent] = await db
    .select({ enviadoEm: seloDiagnostico.enviadoEm })
    .from(seloDiagnostico)
    .where(scoped(seloDiagnostico, tenantId, eq(seloDiagnostico.municipioId, municipioId)));
  const [answered] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(acompanhamentoPergunta)
    .innerJoin(acompanhamento, eq(acompanhamento.acompanhamentoId, acompanhamentoPergunta.acompanhamentoId))
    .where(
      scoped(
        acompanhamento,
        tenantId,
        eq(acompanhamento.municipioId, municipioId),
        eq(acompanhamento.diagnostico, true),
        eq(acompanhamentoPergunta.respondida, true),
      ),
    );
  return { enviadoEm: sent ? sent.enviadoEm.toISOString() : null, respondidas: answered?.n ?? 0 };
}

/** Each theme's latest finalized follow-up, with its points and the points its questions could give. */
export async function finishedThemes(db: Conn, tenantId: string, municipioId: number) {
  const followups = await db
    .selectDistinctOn([acompanhamento.temaId], {
      acompanhamentoId: acompanhamento.acompanhamentoId,
      temaId: tema.temaId,
      nome: tema.nome,
      eixoId: eixo.eixoId,
      eixoNome: eixo.nome,
      finalizadoEm: acompanhamento.finalizadoEm,
    })
    .from(acompanhamento)
    .innerJoin(tema, eq(tema.temaId, acompanhamento.temaId))
    .innerJoin(eixo, eq(eixo.eixoId, tema.eixoId))
    .where(
      scoped(
        acompanhamento,
        tenantId,
        eq(acompanhamento.municipioId, municipioId),
        eq(acompanhamento.finalizado, true),
        eq(acompanhamento.diagnostico, false),
        isNotNull(acompanhamento.finalizadoEm),
      ),
    )
    .orderBy(acompanhamento.temaId, desc(acompanhamento.finalizadoEm));
  if (followups.length === 0) return [];
  const points = await db
    .select({
      acompanhamentoId: acompanhamentoPergunta.acompanhamentoId,
      obtidos: sql<number>`coalesce(sum(${acompanhamentoPergunta.pontosEspecificos}), 0)::int`,
      possiveis: sql<number>`coalesce(sum(${pergunta.pontos}), 0)::int`,
      perguntas: sql<number>`count(*)::int`,
    })
    .from(acompanhamentoPergunta)
    .innerJoin(
      pergunta,
      and(eq(pergunta.tenantId, acompanhamentoPergunta.tenantId), eq(pergunta.perguntaId, acompanhamentoPergunta.perguntaId)),
    )
    .where(
      scoped(
        acompanhamentoPergunta,
        tenantId,
        inArray(
          acompanhamentoPergunta.acompanhamentoId,
          followups.map((f) => f.acompanhamentoId),
        ),
      ),
    )
    .groupBy(acompanhamentoPergunta.acompanhamentoId);
  return followups.map(({ acompanhamentoId, finalizadoEm, ...f }) => {
    const p = points.find((row) => row.acompanhamentoId === acompanhamentoId);
    return {
      ...f,
      pontosObtidos: p?.obtidos ?? 0,
      pontosPossiveis: p?.possiveis ?? 0,
      perguntas: p?.perguntas ?? 0,
      finalizadoEm: finalizadoEm!.toISOString(),
    };
  });
}

/** The municipality's solutions with their group, and its tasks. */
export async function solutionsAndTasks(db: Conn, tenantId: string, municipioId: number) {
  const solutions = await db
    .select({
      municipioSolucaoId: municipioSolucao.municipioSolucaoId,
      solucaoId: municipioSolucao.solucaoId,
      nome: municipioSolucao.nome,
      grupo: municipioGrupoSolucao.nome,
      dataInicio: municipioSolucao.dataInicio,
      dataTermino: municipioSolucao.dataTermino,
      iniciada: municipioSolucao.iniciada,
      finalizada: municipioSolucao.finalizada,
      desabilitado: sql<boolean>`${municipioSolucao.desabilitado} or ${municipioGrupoSolucao.desabilitado}`,
    })
    .from(municipioSolucao)
    .innerJoin(municipioGrupoSolucao, eq(municipioGrupoSolucao.municipioGrupoSolucaoId, municipioSolucao.municipioGrupoSolucaoId))
    .where(scoped(municipioSolucao, tenantId, eq(municipioSolucao.municipioId, municipioId)))
    .orderBy(asc(municipioGrupoSolucao.nome), asc(municipioSolucao.nome));
  const tasks = await db
    .select({
      municipioTarefaId: municipioTarefa.municipioTarefaId,
      municipioSolucaoId: municipioTarefa.municipioSolucaoId,
      nome: municipioTarefa.nome,
      horasPrevistas: municipioTarefa.horas,
      horasUtilizadas: municipioTarefa.horasUtilizadas,
      cumprida: municipioTarefa.cumprida,
      desabilitada: municipioTarefa.desabilitado,
    })
    .from(municipioTarefa)
    .where(scoped(municipioTarefa, tenantId, eq(municipioTarefa.municipioId, municipioId)))
    .orderBy(asc(municipioTarefa.municipioTarefaId));
  const responsible = solutions.length
    ? await db
        .select({ solucaoId: solucaoUsuario.solucaoId, nome: usuario.nome })
        .from(solucaoUsuario)
        .innerJoin(usuario, eq(usuario.usuarioId, solucaoUsuario.usuarioId))
        .where(
          scoped(
            solucaoUsuario,
            tenantId,
            inArray(
              solucaoUsuario.solucaoId,
              solutions.map((s) => s.solucaoId),
            ),
          ),
        )
        .orderBy(asc(usuario.nome))
    : [];
  return { solutions, tasks, responsible };
}

export async function govHeader(db: Conn, tenantId: string, municipioId: number) {
  const [row] = await db
    .select({ municipioId: municipio.municipioId, nome: municipio.nome, uf: municipio.uf, unidadeRegional: unidadeRegional.nomeRegiao })
    .from(municipio)
    .leftJoin(unidadeRegionalMunicipio, eq(unidadeRegionalMunicipio.municipioId, municipio.municipioId))
    .leftJoin(unidadeRegional, eq(unidadeRegional.unidadeRegionalId, unidadeRegionalMunicipio.unidadeRegionalId))
    .where(scoped(municipio, tenantId, eq(municipio.municipioId, municipioId)));
  const instituicoes = await db
    .select({ instituicaoId: instituicao.instituicaoId, nome: instituicao.nome, sigla: instituicao.sigla })
    .from(instituicaoMunicipio)
    .innerJoin(instituicao, eq(instituicao.instituicaoId, instituicaoMunicipio.instituicaoId))
    .where(scoped(instituicaoMunicipio, tenantId, eq(instituicaoMunicipio.municipioId, municipioId)))
    .orderBy(asc(instituicao.nome));
  const categorias = await db
    .select({ categoriaId: govCategoria.categoriaId, nome: govCategoria.nome, descricao: govCategoria.descricao })
    .from(govCategoria)
    .where(scoped(govCategoria, tenantId))
    .orderBy(asc(govCategoria.nome));
  return row ? { ...row, unidadeRegional: row.unidadeRegional ?? null, instituicoes, categorias } : null;
}
