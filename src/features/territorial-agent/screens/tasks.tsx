import { Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useParams } from 'react-router-dom';
import { agentTabPath, AgentTabs } from '../../../entities/territories/agent-tabs.tsx';
import { formatDate } from '../../../domain/format.ts';
import { type TaskReportSolution } from '../../../domain/territorial-agent.ts';
import { useCity } from '../../../session/city.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListHeading, TableClip } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { ReadState } from '../components/read-state.tsx';
import { territorialAgent } from '../data.ts';

type Task = TaskReportSolution['tarefas'][number];

const hours = (value: unknown) => (typeof value === 'number' ? value.toLocaleString('pt-BR', { maximumFractionDigits: 2 }) : String(value));

/**
 * /cidade/{id}/agenteTerritorial/tarefas[/{municipioSolucaoId}]: what the agent reads before a visit,
 * each solution with its group, responsible people, dates, situation, progress and hours; one
 * solution's tasks below when opened.
 */
export function TasksScreen() {
  const { municipality } = useCity();
  const { tabId } = useParams();
  const v = currentVocabulary();
  const report = territorialAgent.useTaskReport(municipality.municipioId);
  const headingId = useId();
  const tasksId = useId();
  const columns: Array<DataColumn<TaskReportSolution>> = [
    {
      key: 'nome',
      header: v.solution.singular,
      rowHeader: true,
      cell: (s) => <AppLink to={agentTabPath(municipality.municipioId, 'tarefas', s.municipioSolucaoId)}>{s.nome}</AppLink>,
    },
    { key: 'grupo', header: v.solutionGroup.singular },
    { key: 'responsaveis', header: 'Responsáveis', value: (s) => (s.responsaveis.length ? s.responsaveis.join(', ') : null) },
    { key: 'dataInicio', header: 'Início', format: (d) => formatDate(String(d)) },
    { key: 'dataTermino', header: 'Término', format: (d) => formatDate(String(d)) },
    { key: 'situacao', header: 'Situação', cardPriority: 1 },
    { key: 'progresso', header: 'Andamento', align: 'end', format: (p) => `${String(p)}%`, cardPriority: 2 },
    { key: 'horasPrevistas', header: 'Horas previstas', align: 'end', format: hours },
    { key: 'horasUtilizadas', header: 'Horas utilizadas', align: 'end', format: hours },
  ];
  const taskColumns: Array<DataColumn<Task>> = [
    { key: 'nome', header: v.task.singular, rowHeader: true },
    { key: 'cumprida', header: 'Cumprida', value: (t) => (t.desabilitada ? 'Desabilitada' : t.cumprida ? 'Sim' : 'Não'), cardPriority: 1 },
    { key: 'horasPrevistas', header: 'Horas previstas', align: 'end', format: hours },
    { key: 'horasUtilizadas', header: 'Horas utilizadas', align: 'end', format: hours },
  ];
  return (
    <AgentTabs>
      <PageTitle parts={['Relatório de tarefas', municipality.nome]} />
      <ListHeading title="Relatório de tarefas" id={headingId} level={2} />
      <ReadState read={report} failure="Não foi possível carregar o relatório de tarefas.">
        {(data) => {
          const open = tabId === undefined ? undefined : data.find((s) => String(s.municipioSolucaoId) === tabId);
          return (
            <Stack gap="4">
              {tabId !== undefined && !open && <Text role="status">{`${v.solution.singular} não encontrada neste município.`}</Text>}
              {open && (
                <Stack gap="2" as="section" aria-labelledby={tasksId}>
                  <Text as="h3" id={tasksId} fontWeight="semibold" textStyle="lg">
                    {`${v.task.plural} de ${open.nome}`}
                  </Text>
                  <Text color="fg.muted">
                    {open.situacao} · {open.progresso}% · {hours(open.horasUtilizadas)} de {hours(open.horasPrevistas)} horas
                  </Text>
                  <TableClip>
                    <DataTable
                      rows={open.tarefas}
                      columns={taskColumns}
                      rowKey={(t) => t.municipioTarefaId}
                      labelledBy={tasksId}
                      emptyText={v.empty.tasks}
                    />
                  </TableClip>
                </Stack>
              )}
              <TableClip>
                <DataTable
                  rows={data}
                  columns={columns}
                  rowKey={(s) => s.municipioSolucaoId}
                  labelledBy={headingId}
                  emptyText={v.empty.solutions}
                  minWidth="60rem"
                />
              </TableClip>
            </Stack>
          );
        }}
      </ReadState>
    </AgentTabs>
  );
}
