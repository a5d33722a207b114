import { Box, Card, SimpleGrid, Stack, Stat } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  dashboardFilterQuerySchema,
  monthLabel,
  percentDone,
  REVIEW_STATE_LABELS,
  REVIEW_STATES,
  SEAL_LABELS,
  SEAL_LEVELS,
  type DashboardFilter,
  type EvidenceMonth,
  type ExecutionRow,
  type IndicatorAnalytics,
} from '../../../domain/dashboard.ts';
import { reportById, reportHref, TASKS_REPORT_ID, type ReportFilters } from '../../../domain/report-catalogue.ts';
import { currentVariant } from '../../../session/variant.ts';
import { AccessGate } from '../../../ui/access-gate.tsx';
import { AppLink } from '../../../ui/app-link.tsx';
import { FilterActions, PeriodFields, periodFilterErrors, type PeriodErrors } from '../../../ui/filter-form.tsx';
import { ListHeading, LoadError } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { ChartCard } from '../components/chart-card.tsx';
import { StackedBars } from '../components/stacked-bars.tsx';
import { dashboardData } from '../data.ts';
import { DASHBOARD_PATHS } from '../paths.ts';

const TITLE = 'Dashboard';

/** /dashboard-administrativo2/graficos: administrators and holders of the Dashboard menu flag (the server refuses the rest). */
export function DashboardChartsScreen() {
  return (
    <AccessGate flag="menuDashboard">
      <DashboardCharts />
    </AccessGate>
  );
}

type Form = { uf: string; regional: string; projeto: string; inicio: string; fim: string };
const EMPTY_FORM: Form = { uf: '', regional: '', projeto: '', inicio: '', fim: '' };
const toFilter = (f: Form): DashboardFilter => ({
  uf: f.uf || null,
  unidadeRegionalId: f.regional ? Number(f.regional) : null,
  projetoId: f.projeto ? Number(f.projeto) : null,
  dataInicial: f.inicio || null,
  dataFim: f.fim || null,
});

/**
 * The tasks behind an execution bar: the tasks report (TASKS_REPORT_ID) with the bar's solution group and
 * the charts' filters pre-applied; the report's period is, like the charts', the solution's end date.
 */
function tasksHref(filter: DashboardFilter, grupoSolucaoId: number): string {
  const filters: ReportFilters = {
    grupoSolucaoId: [grupoSolucaoId],
    ...(filter.uf ? { uf: [filter.uf] } : {}),
    ...(filter.projetoId ? { projetoId: [filter.projetoId] } : {}),
    ...(filter.unidadeRegionalId ? { regionalId: [filter.unidadeRegionalId] } : {}),
    ...(filter.dataInicial ? { dataInicial: filter.dataInicial } : {}),
    ...(filter.dataFim ? { dataFim: filter.dataFim } : {}),
  };
  return reportHref(reportById(TASKS_REPORT_ID)!.route, filters);
}

/**
 * The applied filters live in the URL (?uf=SC&projetoId=2…): Back from a drill-down returns to the same
 * charts, and a filtered view can be shared. An invalid query string is no filter.
 */
function formOf(search: URLSearchParams): Form {
  const parsed = dashboardFilterQuerySchema.safeParse(Object.fromEntries(search));
  if (!parsed.success) return EMPTY_FORM;
  const f = parsed.data;
  return {
    uf: f.uf ?? '',
    regional: f.unidadeRegionalId ? String(f.unidadeRegionalId) : '',
    projeto: f.projetoId ? String(f.projetoId) : '',
    inicio: f.dataInicial ?? '',
    fim: f.dataFim ?? '',
  };
}
function searchOf(f: DashboardFilter): Record<string, string> {
  return Object.fromEntries(Object.entries(f).flatMap(([k, v]) => (v === null || v === undefined || v === '' ? [] : [[k, String(v)]])));
}

function DashboardCharts() {
  const headingId = useId();
  const { variant } = currentVariant();
  const [search, setSearch] = useSearchParams();
  const [form, setForm] = useState<Form>(() => formOf(search));
  const [errors, setErrors] = useState<PeriodErrors>({});
  const filter = toFilter(formOf(search));
  const setFilter = (next: DashboardFilter) => setSearch(searchOf(next), { replace: true });
  const overview = dashboardData.useOverview(filter);
  const indicators = dashboardData.useIndicators(filter);
  const options = dashboardData.useFilterOptions();
  const reports = dashboardData.useReports();
  // The drill-down shows only when the user's group may open the tasks report (spec §6 relatorioAdm).
  const canDrillDown = reports.status === 'ready' && reports.data.some((r) => r.id === TASKS_REPORT_ID);
  const idOptions = (list: { value: number | string; label: string }[] | undefined) =>
    (list ?? []).map((o) => ({ value: String(o.value), label: o.label }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = periodFilterErrors(form.inicio, form.fim);
    setErrors(found ?? {});
    if (!found) setFilter(toFilter(form));
  }

  const data = overview.status === 'ready' ? overview.data : overview.status === 'loading' ? overview.previous : undefined;

  return (
    <Stack gap="6">
      <PageTitle parts={[TITLE]} />
      <ListHeading
        id={headingId}
        title={TITLE}
        level={1}
        // The report catalogue (issue 34) lives on /exportar-relatorio: the spec's menu has no item of its own for it.
        action={<AppLink to={DASHBOARD_PATHS.reports}>Relatórios administrativos</AppLink>}
      />
      <Box as="form" onSubmit={submit} aria-label="Filtros do dashboard">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mb="4">
          <SelectField
            label="UF"
            placeholder="Todas"
            options={variant.states.map((s) => ({ value: s.uf, label: s.uf }))}
            value={form.uf}
            onValueChange={(uf) => setForm((f) => ({ ...f, uf }))}
          />
          <SelectField
            label="Unidade regional"
            placeholder="Todas"
            options={idOptions(options.status === 'ready' ? options.data.regional : undefined)}
            value={form.regional}
            onValueChange={(regional) => setForm((f) => ({ ...f, regional }))}
          />
          <SelectField
            label="Projeto"
            placeholder="Todos"
            options={idOptions(options.status === 'ready' ? options.data.projeto : undefined)}
            value={form.projeto}
            onValueChange={(projeto) => setForm((f) => ({ ...f, projeto }))}
          />
          <PeriodFields
            labels={['Data inicial', 'Data final']}
            inicio={form.inicio}
            fim={form.fim}
            errors={errors}
            onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
          />
        </SimpleGrid>
        <FilterActions
          loading={overview.status === 'loading'}
          onClear={() => {
            setForm(EMPTY_FORM);
            setErrors({});
            setFilter(toFilter(EMPTY_FORM));
          }}
        />
      </Box>
      {overview.status === 'error' && !overview.sessionEnded && (
        <LoadError message="Não foi possível carregar o dashboard." onRetry={overview.reload} />
      )}
      {!data && overview.status !== 'error' && <LoadingState label="Carregando o dashboard…" />}
      {data && (
        <>
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 4 }} gap="3" aria-label="Totais">
            {(
              [
                ['Municípios', data.municipios.toLocaleString('pt-BR')],
                ['Tarefas', data.tarefas.total.toLocaleString('pt-BR')],
                ['Concluídas', `${percentDone(data.tarefas.concluidas, data.tarefas.total).toLocaleString('pt-BR')}%`],
                ['Atrasadas', data.tarefas.atrasadas.toLocaleString('pt-BR')],
              ] as const
            ).map(([label, value]) => (
              <li key={label}>
                <Card.Root size="sm" h="full">
                  <Card.Body>
                    <Stat.Root>
                      <Stat.Label>{label}</Stat.Label>
                      <Stat.ValueText>{value}</Stat.ValueText>
                    </Stat.Root>
                  </Card.Body>
                </Card.Root>
              </li>
            ))}
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
            <ExecutionChart rows={data.execucao} hrefOf={canDrillDown ? (r) => tasksHref(filter, r.grupoSolucaoId) : undefined} />
            <SealChart selos={data.selos} />
            <EvidenceChart rows={data.evidencias} />
            <IndicatorChart rows={indicators.status === 'ready' ? indicators.data : []} />
          </SimpleGrid>
          <ProgressChart />
        </>
      )}
    </Stack>
  );
}

/** `hrefOf`: the tasks behind a group's bar (a click on the bar, or the link in its table row). */
function ExecutionChart({ rows, hrefOf }: { rows: ExecutionRow[]; hrefOf?: (row: ExecutionRow) => string }) {
  const navigate = useNavigate();
  return (
    <ChartCard
      title="Execução das tarefas por grupo de soluções"
      description={hrefOf ? 'Clique em uma barra, ou abra a tabela, para ver as tarefas do grupo.' : undefined}
      rows={rows}
      rowKey={(r) => r.grupoSolucaoId}
      empty="Nenhuma tarefa retornada."
      columns={[
        {
          key: 'nome',
          label: 'Grupo de soluções',
          format: (r) =>
            hrefOf ? (
              <AppLink to={hrefOf(r)} aria-label={`Ver as tarefas de ${r.nome}`}>
                {r.nome}
              </AppLink>
            ) : (
              r.nome
            ),
        },
        { key: 'concluidas', label: 'Concluídas', numeric: true },
        { key: 'emAndamento', label: 'Em andamento', numeric: true },
        { key: 'atrasadas', label: 'Atrasadas', numeric: true },
      ]}
    >
      <StackedBars
        data={rows}
        category="nome"
        layout="vertical"
        onBarClick={hrefOf ? (r) => navigate(hrefOf(r)) : undefined}
        series={[
          { name: 'concluidas', label: 'Concluídas', color: 'green.600' },
          { name: 'emAndamento', label: 'Em andamento', color: 'blue.600' },
          { name: 'atrasadas', label: 'Atrasadas', color: 'red.600' },
        ]}
      />
    </ChartCard>
  );
}

const SEAL_COLORS = { ouro: 'yellow.500', prata: 'gray.500', bronze: 'orange.700', diamante: 'cyan.600' } as const;

function SealChart({ selos }: { selos: Record<(typeof SEAL_LEVELS)[number] | 'semSelo', number> }) {
  const rows = SEAL_LEVELS.map((level) => ({ selo: SEAL_LABELS[level], municipios: selos[level], level }));
  const total = rows.reduce((sum, r) => sum + r.municipios, 0);
  return (
    <ChartCard
      title="Selos dos municípios"
      rows={total === 0 ? [] : rows}
      rowKey={(r) => r.level}
      empty="Nenhum município com selo."
      columns={[
        { key: 'selo', label: 'Selo' },
        { key: 'municipios', label: 'Municípios', numeric: true },
      ]}
    >
      <StackedBars
        data={rows.map((r) => ({ selo: r.selo, [r.level]: r.municipios }))}
        category="selo"
        series={SEAL_LEVELS.map((level) => ({ name: level, label: SEAL_LABELS[level], color: SEAL_COLORS[level] }))}
      />
    </ChartCard>
  );
}

const REVIEW_COLORS = {
  naoEnviado: 'gray.500',
  enviado: 'blue.600',
  emAnalise: 'purple.600',
  aprovado: 'green.600',
  rejeitado: 'red.600',
} as const;

function EvidenceChart({ rows }: { rows: EvidenceMonth[] }) {
  return (
    <ChartCard
      title="Análise de evidências por mês"
      description="Evidências enviadas em cada mês, pela situação da análise."
      rows={rows}
      rowKey={(r) => r.mes}
      empty="Nenhuma evidência retornada."
      columns={[
        { key: 'mes', label: 'Mês', format: (r) => monthLabel(r.mes) },
        ...REVIEW_STATES.map((state) => ({ key: state, label: REVIEW_STATE_LABELS[state], numeric: true })),
      ]}
    >
      <StackedBars
        data={rows.map((r) => ({ ...r, mes: monthLabel(r.mes) }))}
        category="mes"
        series={REVIEW_STATES.map((state) => ({ name: state, label: REVIEW_STATE_LABELS[state], color: REVIEW_COLORS[state] }))}
      />
    </ChartCard>
  );
}

function IndicatorChart({ rows }: { rows: IndicatorAnalytics[] }) {
  return (
    <ChartCard
      title="Indicadores: leituras dentro e fora da meta"
      rows={rows}
      rowKey={(r) => r.indicadorId}
      empty="Nenhum indicador retornado."
      columns={[
        { key: 'nome', label: 'Indicador' },
        { key: 'municipios', label: 'Municípios', numeric: true },
        { key: 'dentroDaMeta', label: 'Dentro da meta', numeric: true },
        { key: 'foraDaMeta', label: 'Fora da meta', numeric: true },
      ]}
    >
      <StackedBars
        data={rows}
        category="nome"
        layout="vertical"
        series={[
          { name: 'dentroDaMeta', label: 'Dentro da meta', color: 'green.600' },
          { name: 'foraDaMeta', label: 'Fora da meta', color: 'orange.600' },
        ]}
      />
    </ChartCard>
  );
}

/** Progress of the municipalities; choosing one shows its solutions (get-andamento-solucoes). */
function ProgressChart() {
  const progress = dashboardData.useProgressByMunicipality('all');
  const [chosen, setChosen] = useState<number | null>(null);
  const solutions = dashboardData.useProgressBySolution(chosen);
  const rows = progress.status === 'ready' ? progress.data.map((r) => ({ ...r, pendentes: r.tarefas - r.tarefasCumpridas })) : [];
  const chosenName = rows.find((r) => r.municipioId === chosen)?.municipioNome;
  return (
    <Stack gap="4">
      <ChartCard
        title="Andamento dos municípios"
        rows={rows}
        rowKey={(r) => r.municipioId}
        empty="Nenhum município retornado."
        columns={[
          { key: 'municipioNome', label: 'Município' },
          { key: 'tarefas', label: 'Tarefas', numeric: true },
          { key: 'tarefasCumpridas', label: 'Cumpridas', numeric: true },
          { key: 'pendentes', label: 'Pendentes', numeric: true },
        ]}
      >
        <StackedBars
          data={rows}
          category="municipioNome"
          layout="vertical"
          series={[
            { name: 'tarefasCumpridas', label: 'Cumpridas', color: 'green.600' },
            { name: 'pendentes', label: 'Pendentes', color: 'gray.500' },
          ]}
        />
      </ChartCard>
      {rows.length > 0 && (
        <SelectField
          label="Ver as soluções do município"
          placeholder="Escolha um município"
          options={rows.map((r) => ({ value: String(r.municipioId), label: r.municipioNome }))}
          value={chosen === null ? '' : String(chosen)}
          onValueChange={(v) => setChosen(v === '' ? null : Number(v))}
        />
      )}
      {chosen !== null && solutions.status === 'ready' && (
        <ChartCard
          title={`Andamento das soluções: ${chosenName ?? ''}`}
          rows={solutions.data}
          rowKey={(r) => r.municipioSolucaoId}
          empty="Nenhuma solução retornada."
          columns={[
            { key: 'nome', label: 'Solução' },
            { key: 'tarefas', label: 'Tarefas', numeric: true },
            { key: 'tarefasCumpridas', label: 'Cumpridas', numeric: true },
          ]}
        >
          <StackedBars
            data={solutions.data}
            category="nome"
            layout="vertical"
            stacked={false}
            series={[
              { name: 'tarefas', label: 'Tarefas', color: 'blue.600' },
              { name: 'tarefasCumpridas', label: 'Cumpridas', color: 'green.600' },
            ]}
          />
        </ChartCard>
      )}
      {chosen !== null && solutions.status === 'loading' && <LoadingState label="Carregando soluções…" />}
    </Stack>
  );
}
