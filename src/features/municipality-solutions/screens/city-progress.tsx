import { HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { solutionProgressFromTasks, type SolutionProgress } from '../../../domain/solutions.ts';
import { TRUNCATE } from '../../../domain/text.ts';
import { useOnline } from '../../../lib/online.ts';
import type { AndamentoTarefaRow } from '../../../entities/tasks/table.ts';
import { useCity } from '../../../session/city.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListHeading, LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { OfflineNotice } from '../../../ui/offline-notice.tsx';
import { tasksData } from '../../../entities/tasks/data.ts';
import { ExportProgressButton } from '../components/export-button.tsx';
import { citySolutionHref } from '../paths.ts';

const hours = (value: unknown) => (typeof value === 'number' ? value.toLocaleString('pt-BR', { maximumFractionDigits: 2 }) : String(value));

/**
 * /cidade/:id/andamento (spec §2 "task progress of the city"): per solution and per task, done,
 * planned hours and hours used. Read from the device first (the offline bundle fills it too), so
 * it opens offline; the per-solution totals are summed from the task rows.
 */
export function CityProgressScreen() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const v = currentVocabulary();
  const progress = tasksData.useTaskProgress(municipioId);
  const online = useOnline();
  const tasks = useMemo(() => (progress.status === 'ready' ? progress.data : []), [progress]);
  const solutions = useMemo(() => solutionProgressFromTasks(tasks), [tasks]);
  const solutionsId = useId();
  const tasksId = useId();
  const title = v.cityTabs.andamento;

  const solutionColumns: Array<DataColumn<SolutionProgress>> = [
    { key: 'nome', header: v.solution.singular, rowHeader: true },
    {
      key: 'cumpridas',
      header: 'Cumpridas',
      value: (s) => `${s.tarefasCumpridas} de ${s.tarefas}`,
      sortValue: (s) => s.tarefasCumpridas,
      cardPriority: 1,
    },
    { key: 'horasPrevistas', header: 'Horas previstas', align: 'end', format: hours },
    { key: 'horasUtilizadas', header: 'Horas utilizadas', align: 'end', format: hours },
  ];
  const taskColumns: Array<DataColumn<AndamentoTarefaRow>> = [
    { key: 'nome', header: v.task.singular, rowHeader: true },
    { key: 'solucaoNome', header: v.solution.singular, truncate: TRUNCATE.solutionName },
    { key: 'cumprida', header: 'Cumprida', value: (t) => (t.cumprida ? 'Sim' : 'Não'), cardPriority: 1 },
    { key: 'horasPrevistas', header: 'Horas previstas', align: 'end', format: hours },
    { key: 'horasUtilizadas', header: 'Horas utilizadas', align: 'end', format: hours },
  ];

  return (
    <Stack gap="4">
      <title>{`${title} · ${municipality.nome} · Cidade Empreendedora`}</title>
      <ListHeading title={title} id={solutionsId} level={2} action={<ExportProgressButton filter={{ municipioId }} />} />
      <HStack gap="4" wrap="wrap">
        <AppLink to={citySolutionHref.allProgress(municipioId)}>Andamento de todos os municípios</AppLink>
      </HStack>
      {progress.status === 'ready' && <OfflineNotice syncedAt={progress.syncedAt} refreshFailed={Boolean(progress.refreshError)} />}
      {progress.status === 'error' ? (
        <LoadError message="Não foi possível carregar o andamento." onRetry={progress.reload} />
      ) : progress.status === 'loading' && progress.absent && !online ? (
        <Text role="status">Este município não está disponível offline neste dispositivo. Conecte-se para ver o andamento.</Text>
      ) : (
        <>
          <Text as="h3" fontWeight="semibold" textStyle="lg">
            {`Por ${v.solution.singular.toLowerCase()}`}
          </Text>
          <TableClip>
            <DataTable
              rows={solutions}
              columns={solutionColumns}
              rowKey={(s) => s.municipioSolucaoId}
              label={`Andamento por ${v.solution.singular.toLowerCase()}`}
              loading={progress.status === 'loading'}
              emptyText={v.empty.solutions}
              defaultSort={{ key: 'nome', direction: 'asc' }}
            />
          </TableClip>
          <Text as="h3" id={tasksId} fontWeight="semibold" textStyle="lg">
            {`Por ${v.task.singular.toLowerCase()}`}
          </Text>
          <TableClip>
            <DataTable
              rows={tasks}
              columns={taskColumns}
              rowKey={(t) => t.municipioTarefaId}
              labelledBy={tasksId}
              loading={progress.status === 'loading'}
              emptyText={v.empty.tasks}
              defaultSort={{ key: 'nome', direction: 'asc' }}
            />
          </TableClip>
        </>
      )}
    </Stack>
  );
}
