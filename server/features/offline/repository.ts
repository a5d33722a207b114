import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OfflineQuestion, OfflineSolution, OfflineTask } from '../../../src/domain/offline-bundle.ts';
import type { Db } from '../../db/client.ts';
import { municipioSolucao, municipioTarefa, pergunta, perguntaMunicipio, tema } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { evidencesByTask } from '../../lib/task-evidences.ts';

export async function listSolutions(db: Db, tenantId: string, municipioId: number): Promise<OfflineSolution[]> {
  return db
    .select({
      municipioSolucaoId: municipioSolucao.municipioSolucaoId,
      municipioId: municipioSolucao.municipioId,
      solucaoId: municipioSolucao.solucaoId,
      municipioGrupoSolucaoId: municipioSolucao.municipioGrupoSolucaoId,
      nome: municipioSolucao.nome,
      desabilitado: municipioSolucao.desabilitado,
    })
    .from(municipioSolucao)
    .where(scoped(municipioSolucao, tenantId, eq(municipioSolucao.municipioId, municipioId)))
    .orderBy(asc(municipioSolucao.nome));
}

export async function listTasks(db: Db, tenantId: string, municipioId: number): Promise<OfflineTask[]> {
  const tasks = await db
    .select({
      municipioTarefaId: municipioTarefa.municipioTarefaId,
      municipioId: municipioTarefa.municipioId,
      municipioSolucaoId: municipioTarefa.municipioSolucaoId,
      tarefaId: municipioTarefa.tarefaId,
      nome: municipioTarefa.nome,
      descricao: municipioTarefa.descricao,
      horas: municipioTarefa.horas,
      desabilitado: municipioTarefa.desabilitado,
    })
    .from(municipioTarefa)
    .where(scoped(municipioTarefa, tenantId, eq(municipioTarefa.municipioId, municipioId)))
    .orderBy(asc(municipioTarefa.nome));
  // A disabled evidence is no longer expected of the task, so the offline report form does not list it.
  const evidences = await evidencesByTask(db, tenantId, tasks, { enabledOnly: true });
  return tasks.map((t) => ({ ...t, municipioEvidencias: evidences.get(t.municipioTarefaId) ?? [] }));
}

/** Questions of the municipality on the given axes ('all' = every axis), by theme then number. */
export async function listQuestions(
  db: Db,
  tenantId: string,
  municipioId: number,
  axes: 'all' | ReadonlySet<number>,
): Promise<OfflineQuestion[]> {
  if (axes !== 'all' && axes.size === 0) return [];
  const rows = await db
    .select({
      perguntaMunicipioId: perguntaMunicipio.perguntaMunicipioId,
      perguntaId: perguntaMunicipio.perguntaId,
      municipioId: perguntaMunicipio.municipioId,
      eixoId: perguntaMunicipio.eixoId,
      temaId: pergunta.temaId,
      nome: tema.nome,
      numero: pergunta.numero,
      texto: pergunta.texto,
      pontos: pergunta.pontos,
      resposta: perguntaMunicipio.resposta,
      evidenciada: perguntaMunicipio.evidenciada,
      rejeitada: perguntaMunicipio.rejeitada,
      quantidadeArquivo: perguntaMunicipio.quantidadeArquivo,
      prazoReenvio: perguntaMunicipio.prazoReenvio,
    })
    .from(perguntaMunicipio)
    .innerJoin(pergunta, and(eq(pergunta.tenantId, perguntaMunicipio.tenantId), eq(pergunta.perguntaId, perguntaMunicipio.perguntaId)))
    .innerJoin(tema, eq(tema.temaId, pergunta.temaId))
    .where(
      scoped(
        perguntaMunicipio,
        tenantId,
        eq(perguntaMunicipio.municipioId, municipioId),
        axes === 'all' ? undefined : inArray(perguntaMunicipio.eixoId, [...axes]),
      ),
    )
    .orderBy(asc(tema.nome), asc(pergunta.numero));
  return rows.map((r) => ({ ...r, prazoReenvio: r.prazoReenvio ?? null }));
}
