import { Button, HStack } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { parseRouteId } from '../../../domain/route-params.ts';
import { SOLUTION_MESSAGES, type Task } from '../../../domain/solutions.ts';
import { TRUNCATE } from '../../../domain/text.ts';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { actionsColumn, ListHeading, LoadError, TableClip, useRecordActions } from '../../../ui/list-screen.tsx';
import {
  CatalogueScreen,
  DisabledActions,
  OpenLevelButton,
  parentKicker,
  useLeaveWhenMissing,
  useReenable,
} from '../components/catalogue-screen.tsx';
import { TaskDialog } from '../components/task-dialog.tsx';
import { deleteCatalogueRecord, useGroupSolutions, useSolutionTasks } from '../data.ts';
import { catalogueHref, catalogueTrail } from '../paths.ts';
import { catalogueWording } from '../wording.ts';

/** /projeto/:projetoId/grupos/:grupoSolucaoId/solucoes/:solucaoId/tarefas: the tasks of one solution. */
export function TaskListScreen() {
  const params = useParams();
  const projetoId = parseRouteId(params.projetoId);
  const grupoSolucaoId = parseRouteId(params.grupoSolucaoId);
  const solucaoId = parseRouteId(params.solucaoId);
  // The group's solutions: the task dialog's choice, and the proof that the solution is of this group.
  const solutions = useGroupSolutions(projetoId, grupoSolucaoId);
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
  const wording = catalogueWording(words);
  const tasks = useSolutionTasks(ids.solucaoId, SOLUTION_MESSAGES.getTasksError);
  const headingId = useId();
  const title = words.breadcrumbs.tasks;
  const noun = words.task;
  const solutionOptions = useMemo(() => solutions.map((s) => ({ value: s.solucaoId, label: s.nome })), [solutions]);
  const solutionNames = useMemo(() => new Map(solutions.map((s) => [s.solucaoId, s.nome])), [solutions]);

  const records = useRecordActions<Task>({
    noun: noun.singular.toLowerCase(),
    gender: noun.gender,
    nameOf: (t) => t.nome,
    idOf: (t) => t.tarefaId,
    warning: wording.deleteWarning(noun),
    deleteById: async (id) => ((await deleteCatalogueRecord('tarefa', id)) === 'disabled' ? wording.disabledInstead(noun) : undefined),
    onDeleted: tasks.reload,
  });
  const reenable = useReenable('tarefa', wording.reenabled(noun), tasks.reload);

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
    actionsColumn(
      (t) => (
        <HStack gap="2" justify="flex-end" wrap="wrap">
          <OpenLevelButton
            to={catalogueHref.evidences({ ...ids, tarefaId: t.tarefaId })}
            label={words.breadcrumbs.evidences}
            name={t.nome}
          />
          {t.desabilitado ? (
            <DisabledActions name={t.nome} busy={reenable.busyId === t.tarefaId} onReenable={() => void reenable.reenable(t.tarefaId)} />
          ) : (
            records.rowActions(t)
          )}
        </HStack>
      ),
      '18rem',
    ),
  ];

  return (
    <CatalogueScreen title={title} crumbs={catalogueTrail('tasks', ids, words)}>
      <ListHeading
        title={title}
        id={headingId}
        level={1}
        kicker={parentKicker(words.solution.singular, solutionName)}
        action={
          <HStack gap="2" wrap="wrap">
            <Button onClick={records.openCreate}>Cadastrar {noun.singular}</Button>
          </HStack>
        }
      />
      {tasks.status === 'error' ? (
        <LoadError message={apiErrorMessage(tasks.error, SOLUTION_MESSAGES.getTasksError)} onRetry={tasks.reload} />
      ) : (
        <TableClip>
          <DataTable
            rows={tasks.status === 'ready' ? tasks.data : tasks.status === 'loading' ? (tasks.previous ?? []) : []}
            columns={columns}
            rowKey={(t) => t.tarefaId}
            labelledBy={headingId}
            loading={tasks.status === 'loading'}
            loadingText={`Carregando ${title.toLowerCase()}…`}
            emptyText={words.empty.tasks}
            rowTone={(t) => (t.desabilitado ? 'warning' : undefined)}
            defaultSort={{ key: 'tarefaId', direction: 'asc' }}
            minWidth="52rem"
          />
        </TableClip>
      )}
      <TaskDialog
        open={records.dialogOpen}
        onClose={records.closeDialog}
        solucaoId={ids.solucaoId}
        task={records.editing}
        solutions={solutionOptions}
        onSaved={tasks.reload}
      />
      {records.confirmDialog}
    </CatalogueScreen>
  );
}
