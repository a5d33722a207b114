import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { parseRouteId } from '../../../domain/route-params.ts';
import { SOLUTION_MESSAGES, type Task } from '../../../domain/solutions.ts';
import { TRUNCATE } from '../../../domain/text.ts';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import type { DataColumn } from '../../../ui/data-table.tsx';
import { CatalogueList } from '../components/catalogue-list.tsx';
import { useLeaveWhenMissing } from '../components/catalogue-screen.tsx';
import { TaskDialog } from '../components/task-dialog.tsx';
import { catalogue } from '../data.ts';
import { catalogueHref } from '../paths.ts';

/** /projeto/:projetoId/grupos/:grupoSolucaoId/solucoes/:solucaoId/tarefas: the tasks of one solution. */
export function TaskListScreen() {
  const params = useParams();
  const projetoId = parseRouteId(params.projetoId);
  const grupoSolucaoId = parseRouteId(params.grupoSolucaoId);
  const solucaoId = parseRouteId(params.solucaoId);
  // The group's solutions: the task dialog's choice, and the proof that the solution is of this group.
  const solutions = catalogue.useGroupSolutions(projetoId, grupoSolucaoId);
  const solution = solutions.status === 'ready' ? solutions.data.find((s) => s.solucaoId === solucaoId) : undefined;
  const missing =
    projetoId === null ||
    grupoSolucaoId === null ||
    solucaoId === null ||
    solutions.status === 'error' ||
    (solutions.status === 'ready' && !solution);
  useLeaveWhenMissing(
    missing,
    solutions.status === 'error'
      ? apiErrorMessage(solutions.error, SOLUTION_MESSAGES.solutionNotFound)
      : SOLUTION_MESSAGES.solutionNotFound,
    projetoId === null
      ? catalogueHref.projects()
      : grupoSolucaoId === null
        ? catalogueHref.groups({ projetoId })
        : catalogueHref.solutions({ projetoId, grupoSolucaoId }),
  );
  if (missing || projetoId === null || grupoSolucaoId === null || solucaoId === null) return null;
  return (
    <TaskList
      ids={{ projetoId, grupoSolucaoId, solucaoId }}
      solutionName={solution?.nome ?? null}
      solutions={solutions.status === 'ready' ? solutions.data.filter((s) => !s.desabilitado || s.solucaoId === solucaoId) : []}
    />
  );
}

type TaskListProps = {
  ids: { projetoId: number; grupoSolucaoId: number; solucaoId: number };
  solutionName: string | null;
  solutions: ReadonlyArray<{ solucaoId: number; nome: string }>;
};

function TaskList({ ids, solutionName, solutions }: TaskListProps) {
  const words = currentVocabulary();
  const tasks = catalogue.useSolutionTasks(ids.solucaoId, SOLUTION_MESSAGES.getTasksError);
  const solutionOptions = useMemo(() => solutions.map((s) => ({ value: s.solucaoId, label: s.nome })), [solutions]);
  const solutionNames = useMemo(() => new Map(solutions.map((s) => [s.solucaoId, s.nome])), [solutions]);

  // Spec §2: #, solução, nome, descrição (cut at 20), ações.
  const columns: Array<DataColumn<Task>> = [
    { key: 'tarefaId', header: '#', width: '4rem' },
    {
      key: 'solucao',
      header: words.solution.singular,
      value: (t) => solutionNames.get(t.solucaoId) ?? null,
      truncate: TRUNCATE.solutionName,
    },
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 40 },
    { key: 'descricao', header: 'Descrição', truncate: TRUNCATE.taskDescription },
    { key: 'horas', header: 'Horas', align: 'end', format: (value) => String(value).replace('.', ',') },
  ];

  return (
    <CatalogueList
      level="tasks"
      ids={ids}
      title={words.breadcrumbs.tasks}
      parent={{ noun: words.solution.singular, name: solutionName }}
      kind="tarefa"
      noun={words.task}
      idOf={(t) => t.tarefaId}
      rows={tasks}
      loadError={SOLUTION_MESSAGES.getTasksError}
      columns={columns}
      below={{ label: words.breadcrumbs.evidences, href: (t) => catalogueHref.evidences({ ...ids, tarefaId: t.tarefaId }) }}
      emptyText={words.empty.tasks}
      defaultSort={{ key: 'tarefaId', direction: 'asc' }}
      minWidth="52rem"
      dialog={(state) => (
        <TaskDialog
          open={state.open}
          onClose={state.onClose}
          solucaoId={ids.solucaoId}
          task={state.editing}
          solutions={solutionOptions}
          onSaved={tasks.reload}
        />
      )}
    />
  );
}
