import { Button, HStack } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { CONFIRM_MESSAGES } from '../../../domain/confirm-messages.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { SOLUTION_MESSAGES, type EvidenceDefinition } from '../../../domain/solutions.ts';
import { TRUNCATE } from '../../../domain/text.ts';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { actionsColumn, ListHeading, LoadError, TableClip, useRecordActions } from '../../../ui/list-screen.tsx';
import { CatalogueScreen, parentKicker, useLeaveWhenMissing } from '../components/catalogue-screen.tsx';
import { EvidenceDialog } from '../components/evidence-dialog.tsx';
import { catalogue, httpStatusOf } from '../data.ts';
import { catalogueHref, catalogueTrail } from '../paths.ts';

/** .../tarefas/:tarefaId/evidencias: the evidence definitions of one task. */
export function EvidenceListScreen() {
  const params = useParams();
  const projetoId = parseRouteId(params.projetoId);
  const grupoSolucaoId = parseRouteId(params.grupoSolucaoId);
  const solucaoId = parseRouteId(params.solucaoId);
  const tarefaId = parseRouteId(params.tarefaId);
  const task = catalogue.useTask(tarefaId);
  const missing =
    projetoId === null ||
    grupoSolucaoId === null ||
    solucaoId === null ||
    tarefaId === null ||
    (task.status === 'error' && httpStatusOf(task.error) === 404) ||
    (task.status === 'ready' && task.data.solucaoId !== solucaoId);
  useLeaveWhenMissing(
    missing,
    SOLUTION_MESSAGES.taskNotFound,
    projetoId === null || grupoSolucaoId === null || solucaoId === null
      ? catalogueHref.projects()
      : catalogueHref.tasks({ projetoId, grupoSolucaoId, solucaoId }),
  );
  if (missing || projetoId === null || grupoSolucaoId === null || solucaoId === null || tarefaId === null) return null;
  return <EvidenceList ids={{ projetoId, grupoSolucaoId, solucaoId, tarefaId }} task={task} />;
}

type EvidenceListProps = {
  ids: { projetoId: number; grupoSolucaoId: number; solucaoId: number; tarefaId: number };
  task: ReturnType<typeof catalogue.useTask>;
};

function EvidenceList({ ids, task }: EvidenceListProps) {
  const words = currentVocabulary();
  const tasks = catalogue.useSolutionTasks(ids.solucaoId);
  const headingId = useId();
  const title = words.breadcrumbs.evidences;
  const taskName = task.status === 'ready' ? task.data.nome : null;
  const taskOptions = useMemo(
    () =>
      tasks.status === 'ready'
        ? tasks.data.filter((t) => !t.desabilitado || t.tarefaId === ids.tarefaId).map((t) => ({ value: t.tarefaId, label: t.nome }))
        : [],
    [tasks, ids.tarefaId],
  );

  // Spec §5 "Delete evidence": titled Excluir evidência, names it, warns it cannot be undone, Sim/Não.
  const records = useRecordActions<EvidenceDefinition>({
    noun: 'evidência',
    gender: 'f',
    nameOf: (e) => e.nome,
    idOf: (e) => e.evidenciaId,
    question: (e) => CONFIRM_MESSAGES.deleteEvidence.replace('evidência?', `evidência “${e.nome}”?`),
    deleteById: catalogue.deleteEvidence,
    onDeleted: task.reload,
  });

  const columns: Array<DataColumn<EvidenceDefinition>> = [
    { key: 'evidenciaId', header: '#', width: '4rem' },
    { key: 'tarefa', header: words.task.singular, value: () => taskName, truncate: 40 },
    { key: 'nome', header: 'Evidências', rowHeader: true, truncate: 40 },
    { key: 'descricao', header: 'Descrição', truncate: TRUNCATE.evidenceDescription },
    actionsColumn(records.rowActions),
  ];

  return (
    <CatalogueScreen title={title} crumbs={catalogueTrail('evidences', ids, words)}>
      <ListHeading
        title={title}
        id={headingId}
        level={1}
        kicker={parentKicker(words.task.singular, taskName)}
        action={
          <HStack gap="2" wrap="wrap">
            <Button onClick={records.openCreate}>Cadastrar evidência</Button>
          </HStack>
        }
      />
      {task.status === 'error' ? (
        <LoadError message={apiErrorMessage(task.error, SOLUTION_MESSAGES.getTasksError)} onRetry={task.reload} />
      ) : (
        <TableClip>
          <DataTable
            rows={task.status === 'ready' ? task.data.evidencias : task.status === 'loading' ? (task.previous?.evidencias ?? []) : []}
            columns={columns}
            rowKey={(e) => e.evidenciaId}
            labelledBy={headingId}
            loading={task.status === 'loading'}
            loadingText="Carregando evidências…"
            emptyText={words.empty.evidences}
            defaultSort={{ key: 'evidenciaId', direction: 'asc' }}
            minWidth="44rem"
          />
        </TableClip>
      )}
      <EvidenceDialog
        open={records.dialogOpen}
        onClose={records.closeDialog}
        tarefaId={ids.tarefaId}
        evidence={records.editing}
        tasks={taskOptions}
        onSaved={task.reload}
      />
      {records.confirmDialog}
    </CatalogueScreen>
  );
}
