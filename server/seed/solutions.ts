import { eq } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { AXES, SOLUTION_GROUPS, SOLUTION_TYPES } from './data.ts';
import { type Ensure } from './ensure.ts';

/** Seed: the solution catalogue (groups, solutions, tasks, evidences) and its copy into each municipality. */

export type CatalogueGroup = {
  grupoSolucaoId: number;
  nome: string;
  eixoNome: string;
  nacional: boolean;
  solucoes: {
    solucaoId: number;
    nome: string;
    somenteCatalogo: boolean;
    tarefas: { tarefaId: number; nome: string; descricao: string; horas: number; evidencias: [string, string][] }[];
  }[];
};

/** `managerIds`: the product managers (spec §3 Solution.usuarioIds) given to every catalogue solution. */
export async function seedCatalogue(
  ensure: Ensure,
  projetoId: number,
  axisIds: Map<string, number>,
  managerIds: number[],
): Promise<CatalogueGroup[]> {
  const typeIds = new Map<string, number>();
  for (const nome of SOLUTION_TYPES) {
    typeIds.set(nome, (await ensure(s.solucaoTipo, [eq(s.solucaoTipo.nome, nome)], { nome })).solucaoTipoId);
  }
  const result: CatalogueGroup[] = [];
  for (const g of SOLUTION_GROUPS) {
    const grupo = await ensure(s.grupoSolucao, [eq(s.grupoSolucao.projetoId, projetoId), eq(s.grupoSolucao.nome, g.nome)], {
      projetoId,
      nome: g.nome,
      descricao: g.descricao,
      tipo: g.tipo,
    });
    for (const eixo of [g.eixo, ...(g.outrosEixos ?? [])]) {
      const eixoId = axisIds.get(eixo)!;
      await ensure(
        s.grupoSolucaoEixo,
        [eq(s.grupoSolucaoEixo.grupoSolucaoId, grupo.grupoSolucaoId), eq(s.grupoSolucaoEixo.eixoId, eixoId)],
        {
          grupoSolucaoId: grupo.grupoSolucaoId,
          eixoId,
        },
      );
    }
    const group: CatalogueGroup = {
      grupoSolucaoId: grupo.grupoSolucaoId,
      nome: g.nome,
      eixoNome: g.eixo,
      nacional: AXES.find((a) => a.nome === g.eixo)!.nacional,
      solucoes: [],
    };
    for (const sol of g.solucoes) {
      const solucao = await ensure(s.solucao, [eq(s.solucao.grupoSolucaoId, grupo.grupoSolucaoId), eq(s.solucao.nome, sol.nome)], {
        grupoSolucaoId: grupo.grupoSolucaoId,
        nome: sol.nome,
        descricao: sol.descricao,
        custo: sol.custo,
        preco: sol.preco,
        solucaoTipoId: typeIds.get(sol.tipo),
        monitoramento: sol.visitas ? 2 : 1,
        dataInicio: '2025-03-03',
        dataTermino: '2026-12-18',
        visitasPresenciais: sol.visitas?.presenciais,
        horasPrevistasVisitasPresenciais: sol.visitas?.horasPresenciais,
        trabalhosEscritorio: sol.visitas?.escritorio,
        horasPrevistasTrabalhosEscritorio: sol.visitas?.horasEscritorio,
        cargaHoraria: sol.cargaHoraria,
      });
      for (const usuarioId of managerIds) {
        await ensure(s.solucaoUsuario, [eq(s.solucaoUsuario.solucaoId, solucao.solucaoId), eq(s.solucaoUsuario.usuarioId, usuarioId)], {
          solucaoId: solucao.solucaoId,
          usuarioId,
        });
      }
      const tarefas = [];
      for (const tf of sol.tarefas) {
        const tarefa = await ensure(s.tarefa, [eq(s.tarefa.solucaoId, solucao.solucaoId), eq(s.tarefa.nome, tf.nome)], {
          solucaoId: solucao.solucaoId,
          nome: tf.nome,
          descricao: tf.descricao,
          horas: tf.horas,
        });
        for (const [nome, descricao] of tf.evidencias) {
          await ensure(s.evidencia, [eq(s.evidencia.tarefaId, tarefa.tarefaId), eq(s.evidencia.nome, nome)], {
            tarefaId: tarefa.tarefaId,
            nome,
            descricao,
          });
        }
        tarefas.push({ ...tf, tarefaId: tarefa.tarefaId });
      }
      group.solucoes.push({ solucaoId: solucao.solucaoId, nome: sol.nome, somenteCatalogo: sol.somenteCatalogo ?? false, tarefas });
    }
    result.push(group);
  }
  return result;
}

/**
 * Copies the catalogue groups into the municipality (programme-only solutions stay out); returns its
 * municipioTarefa ids. `disabled` names the groups and tasks created disabled: set only when the
 * row is created, so a re-run never undoes a re-enable made in the demo.
 */
export async function seedMunicipalitySolutions(
  ensure: Ensure,
  municipioId: number,
  groups: CatalogueGroup[],
  disabled: { grupos: string[]; tarefas: string[] } = { grupos: [], tarefas: [] },
): Promise<number[]> {
  const taskIds: number[] = [];
  for (const g of groups) {
    const mg = await ensure(
      s.municipioGrupoSolucao,
      [eq(s.municipioGrupoSolucao.municipioId, municipioId), eq(s.municipioGrupoSolucao.grupoSolucaoId, g.grupoSolucaoId)],
      { municipioId, grupoSolucaoId: g.grupoSolucaoId, nome: g.nome, desabilitado: disabled.grupos.includes(g.nome) },
    );
    for (const [i, sol] of g.solucoes.filter((x) => !x.somenteCatalogo).entries()) {
      const ms = await ensure(
        s.municipioSolucao,
        [eq(s.municipioSolucao.municipioId, municipioId), eq(s.municipioSolucao.solucaoId, sol.solucaoId)],
        {
          municipioId,
          solucaoId: sol.solucaoId,
          municipioGrupoSolucaoId: mg.municipioGrupoSolucaoId,
          nome: sol.nome,
          dataInicio: '2025-04-14',
          dataTermino: '2026-12-11',
          iniciada: i === 0,
        },
      );
      for (const tf of sol.tarefas) {
        const mt = await ensure(
          s.municipioTarefa,
          [eq(s.municipioTarefa.municipioSolucaoId, ms.municipioSolucaoId), eq(s.municipioTarefa.tarefaId, tf.tarefaId)],
          {
            municipioId,
            municipioSolucaoId: ms.municipioSolucaoId,
            tarefaId: tf.tarefaId,
            nome: tf.nome,
            descricao: tf.descricao,
            horas: tf.horas,
            desabilitado: disabled.tarefas.includes(tf.nome),
          },
        );
        for (const [nome, descricao] of tf.evidencias) {
          await ensure(
            s.municipioEvidencia,
            [eq(s.municipioEvidencia.municipioTarefaId, mt.municipioTarefaId), eq(s.municipioEvidencia.nome, nome)],
            { municipioTarefaId: mt.municipioTarefaId, nome, descricao },
          );
        }
        taskIds.push(mt.municipioTarefaId);
      }
    }
  }
  return taskIds;
}
