import { asc, eq, inArray } from 'drizzle-orm';
import {
  type CatalogueCounter,
  type CatalogueImportResult,
  type PlannedGroup,
  type PlannedSolution,
} from '../../../src/domain/catalogue-transfer.ts';
import { evidencia, grupoSolucao, solucao, tarefa } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { Conn } from '../../lib/command.ts';

/**
 * The project's catalogue as the xlsx carries it (groups > solutions > tasks > evidence
 * definitions, by name; layout in src/domain/catalogue-transfer.ts), and its import: matched by name
 * within the project, a known record is updated, a new one created, nothing deleted. The preview and
 * the import walk the same plan; only the import writes, in the command's transaction (commands.ts).
 */

type Stored = {
  groups: Map<string, { id: number; descricao: string }>;
  solutions: Map<string, { id: number } & Omit<PlannedSolution, 'nome' | 'tarefas'>>;
  tasks: Map<string, { id: number; descricao: string; horas: number }>;
  evidences: Map<string, { id: number; descricao: string }>;
};

const key = (...parts: (string | number)[]) => parts.join('\u0000');

/** The project's whole catalogue, disabled records included (a re-import must find them, not duplicate them). */
async function loadCatalogue(db: Conn, tenantId: string, projetoId: number) {
  const groups = await db
    .select({ id: grupoSolucao.grupoSolucaoId, nome: grupoSolucao.nome, descricao: grupoSolucao.descricao })
    .from(grupoSolucao)
    .where(scoped(grupoSolucao, tenantId, eq(grupoSolucao.projetoId, projetoId)))
    .orderBy(asc(grupoSolucao.grupoSolucaoId));
  const groupIds = groups.map((g) => g.id);
  const solutions = groupIds.length
    ? await db
        .select({
          id: solucao.solucaoId,
          grupoSolucaoId: solucao.grupoSolucaoId,
          nome: solucao.nome,
          descricao: solucao.descricao,
          monitoramento: solucao.monitoramento,
          custo: solucao.custo,
          preco: solucao.preco,
          cargaHoraria: solucao.cargaHoraria,
        })
        .from(solucao)
        .where(scoped(solucao, tenantId, inArray(solucao.grupoSolucaoId, groupIds)))
        .orderBy(asc(solucao.solucaoId))
    : [];
  const solutionIds = solutions.map((s) => s.id);
  const tasks = solutionIds.length
    ? await db
        .select({ id: tarefa.tarefaId, solucaoId: tarefa.solucaoId, nome: tarefa.nome, descricao: tarefa.descricao, horas: tarefa.horas })
        .from(tarefa)
        .where(scoped(tarefa, tenantId, inArray(tarefa.solucaoId, solutionIds)))
        .orderBy(asc(tarefa.tarefaId))
    : [];
  const taskIds = tasks.map((t) => t.id);
  const evidences = taskIds.length
    ? await db
        .select({ id: evidencia.evidenciaId, tarefaId: evidencia.tarefaId, nome: evidencia.nome, descricao: evidencia.descricao })
        .from(evidencia)
        .where(scoped(evidencia, tenantId, inArray(evidencia.tarefaId, taskIds)))
        .orderBy(asc(evidencia.evidenciaId))
    : [];
  return { groups, solutions, tasks, evidences };
}

/** The catalogue of the project as nested records, in id order (the order they were created in). */
export async function exportCatalogue(db: Conn, tenantId: string, projetoId: number): Promise<PlannedGroup[]> {
  const { groups, solutions, tasks, evidences } = await loadCatalogue(db, tenantId, projetoId);
  return groups.map((g) => ({
    nome: g.nome,
    descricao: g.descricao,
    solucoes: solutions
      .filter((s) => s.grupoSolucaoId === g.id)
      .map((s) => ({
        nome: s.nome,
        descricao: s.descricao,
        monitoramento: s.monitoramento === 2 ? 2 : 1,
        custo: s.custo,
        preco: s.preco,
        cargaHoraria: s.cargaHoraria,
        tarefas: tasks
          .filter((t) => t.solucaoId === s.id)
          .map((t) => ({
            nome: t.nome,
            descricao: t.descricao,
            horas: t.horas,
            evidencias: evidences.filter((e) => e.tarefaId === t.id).map((e) => ({ nome: e.nome, descricao: e.descricao })),
          })),
      })),
  }));
}

async function storedCatalogue(db: Conn, tenantId: string, projetoId: number): Promise<Stored> {
  const { groups, solutions, tasks, evidences } = await loadCatalogue(db, tenantId, projetoId);
  const groupName = new Map(groups.map((g) => [g.id, g.nome]));
  const solutionKey = new Map(solutions.map((s) => [s.id, key(groupName.get(s.grupoSolucaoId)!, s.nome)]));
  const taskKey = new Map(tasks.map((t) => [t.id, key(solutionKey.get(t.solucaoId)!, t.nome)]));
  const stored: Stored = { groups: new Map(), solutions: new Map(), tasks: new Map(), evidences: new Map() };
  for (const g of groups) stored.groups.set(g.nome, { id: g.id, descricao: g.descricao });
  for (const s of solutions)
    stored.solutions.set(solutionKey.get(s.id)!, {
      id: s.id,
      descricao: s.descricao,
      monitoramento: s.monitoramento === 2 ? 2 : 1,
      custo: s.custo,
      preco: s.preco,
      cargaHoraria: s.cargaHoraria,
    });
  for (const t of tasks) stored.tasks.set(taskKey.get(t.id)!, { id: t.id, descricao: t.descricao, horas: t.horas });
  // Evidence names are not unique in the table: the first one of a name is the one matched.
  for (const e of evidences) {
    const k = key(taskKey.get(e.tarefaId)!, e.nome);
    if (!stored.evidences.has(k)) stored.evidences.set(k, { id: e.id, descricao: e.descricao });
  }
  return stored;
}

const counter = (): CatalogueCounter => ({ novos: 0, alterados: 0, inalterados: 0 });

/**
 * Walks the plan against the stored catalogue: counts what would be created, changed or left as
 * is, and, with `write`, writes it (the caller runs it inside one transaction).
 */
async function walk(db: Conn, tenantId: string, projetoId: number, plan: PlannedGroup[], write: boolean) {
  const stored = await storedCatalogue(db, tenantId, projetoId);
  const counts = { grupos: counter(), solucoes: counter(), tarefas: counter(), evidencias: counter() };
  // A new record has no id until written; during a preview its children are all new too.
  const NEW = -1;
  for (const g of plan) {
    const found = stored.groups.get(g.nome);
    let groupId = found?.id ?? NEW;
    if (!found) {
      counts.grupos.novos++;
      if (write)
        groupId = (
          await db
            .insert(grupoSolucao)
            .values(withTenant(tenantId, { projetoId, nome: g.nome, descricao: g.descricao }))
            .returning({ id: grupoSolucao.grupoSolucaoId })
        )[0]!.id;
    } else if (found.descricao !== g.descricao) {
      counts.grupos.alterados++;
      if (write)
        await db
          .update(grupoSolucao)
          .set({ descricao: g.descricao })
          .where(scoped(grupoSolucao, tenantId, eq(grupoSolucao.grupoSolucaoId, found.id)));
    } else counts.grupos.inalterados++;

    for (const s of g.solucoes) {
      const sKey = key(g.nome, s.nome);
      const sFound = stored.solutions.get(sKey);
      const values = {
        descricao: s.descricao,
        monitoramento: s.monitoramento,
        custo: s.custo,
        preco: s.preco,
        cargaHoraria: s.cargaHoraria,
      };
      let solutionId = sFound?.id ?? NEW;
      if (!sFound) {
        counts.solucoes.novos++;
        if (write)
          solutionId = (
            await db
              .insert(solucao)
              .values(withTenant(tenantId, { grupoSolucaoId: groupId, nome: s.nome, ...values }))
              .returning({ id: solucao.solucaoId })
          )[0]!.id;
      } else if (
        sFound.descricao !== values.descricao ||
        sFound.monitoramento !== values.monitoramento ||
        sFound.custo !== values.custo ||
        sFound.preco !== values.preco ||
        sFound.cargaHoraria !== values.cargaHoraria
      ) {
        counts.solucoes.alterados++;
        // Visit fields belong to monitoramento 2 only (as in the solution form).
        const visits =
          values.monitoramento === 1
            ? {
                visitasPresenciais: null,
                horasPrevistasVisitasPresenciais: null,
                trabalhosEscritorio: null,
                horasPrevistasTrabalhosEscritorio: null,
              }
            : {};
        if (write)
          await db
            .update(solucao)
            .set({ ...values, ...visits })
            .where(scoped(solucao, tenantId, eq(solucao.solucaoId, sFound.id)));
      } else counts.solucoes.inalterados++;

      for (const t of s.tarefas) {
        const tKey = key(sKey, t.nome);
        const tFound = stored.tasks.get(tKey);
        let taskId = tFound?.id ?? NEW;
        if (!tFound) {
          counts.tarefas.novos++;
          if (write)
            taskId = (
              await db
                .insert(tarefa)
                .values(withTenant(tenantId, { solucaoId: solutionId, nome: t.nome, descricao: t.descricao, horas: t.horas }))
                .returning({ id: tarefa.tarefaId })
            )[0]!.id;
        } else if (tFound.descricao !== t.descricao || tFound.horas !== t.horas) {
          counts.tarefas.alterados++;
          if (write)
            await db
              .update(tarefa)
              .set({ descricao: t.descricao, horas: t.horas })
              .where(scoped(tarefa, tenantId, eq(tarefa.tarefaId, tFound.id)));
        } else counts.tarefas.inalterados++;

        for (const e of t.evidencias) {
          const eFound = stored.evidences.get(key(tKey, e.nome));
          if (!eFound) {
            counts.evidencias.novos++;
            if (write) await db.insert(evidencia).values(withTenant(tenantId, { tarefaId: taskId, nome: e.nome, descricao: e.descricao }));
          } else if (eFound.descricao !== e.descricao) {
            counts.evidencias.alterados++;
            if (write)
              await db
                .update(evidencia)
                .set({ descricao: e.descricao })
                .where(scoped(evidencia, tenantId, eq(evidencia.evidenciaId, eFound.id)));
          } else counts.evidencias.inalterados++;
        }
      }
    }
  }
  return counts;
}

/**
 * Previews (confirm false: reads only) or imports (confirm true: the caller's transaction holds every
 * write, so a failure leaves the catalogue as it was) a valid plan.
 */
export async function importCatalogue(
  tx: Conn,
  tenantId: string,
  projetoId: number,
  plan: PlannedGroup[],
  confirm: boolean,
): Promise<Omit<CatalogueImportResult, 'linhas' | 'erros'>> {
  const counts = await walk(tx, tenantId, projetoId, plan, confirm);
  return { confirmado: confirm, ...counts };
}
