import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { canAnalyseReports, type ReportFilterInput } from '../../../domain/report-common.ts';
import { Combo } from '../../../ui/combo.tsx';
import { FilterActions, PeriodFields, periodFilterErrors } from '../../../ui/filter-form.tsx';
import { CityCombo, StatusCombo } from '../../../ui/entity-combos.tsx';
import { ERROR_MESSAGES } from '../../../domain/messages.ts';
import { notifyError } from '../../../lib/notify.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { AdminReportTable } from '../components/admin-report-table.tsx';
import { AdminReportsGate } from '../components/gate.tsx';
import { adminReports, usersData, useMunicipalityNames } from '../data.ts';
import { STATUS_FILTER_OPTIONS, statusIdsOf } from '../form-logic.ts';
import { LoadError } from '../../../ui/list-screen.tsx';
import { usePermissionContext } from '../../../session/permission-context.ts';

type Filters = { municipioIds: number[]; usuarioIds: number[]; status: number[]; inicio: string; fim: string };
const NO_FILTERS: Filters = { municipioIds: [], usuarioIds: [], status: [], inicio: '', fim: '' };

function toRequest(filters: Filters): ReportFilterInput {
  return {
    municipioIds: filters.municipioIds,
    usuarioIds: filters.usuarioIds,
    statusRelatorioIds: statusIdsOf(filters.status),
    inicio: filters.inicio || null,
    fim: filters.fim || null,
  };
}

/**
 * /analisar-relatorios-administrativos (menu "Analisar Relatórios Admin"): administrative reports
 * across municipalities by municipality, consultant, status and period (POST get-by-filtro). Opens
 * with every report the user may see; analysts see all of their municipalities', others their own.
 */
export function AdminReportAnalysisScreen() {
  return (
    <AdminReportsGate>
      <AdminReportAnalysis />
    </AdminReportsGate>
  );
}

function AdminReportAnalysis() {
  const ctx = usePermissionContext();
  const analyst = ctx !== null && canAnalyseReports(ctx);
  const headingId = useId();
  const resultsId = useId();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<ReportFilterInput>(() => toRequest(NO_FILTERS));
  const [periodErrors, setPeriodErrors] = useState<{ inicio?: string; fim?: string }>({});
  const search = adminReports.useSearch(applied);
  const cities = useMunicipalityNames();
  const consultants = usersData.useConsultants(analyst);

  const cityOptions = useMemo(
    () => (cities.status === 'ready' ? cities.data.map((c) => ({ value: c.municipioId, label: c.nome })) : []),
    [cities],
  );
  const cityNames = useMemo(() => new Map(cityOptions.map((o) => [o.value, o.label])), [cityOptions]);
  const consultantOptions = useMemo(
    () => (consultants.status === 'ready' ? consultants.data.map((u) => ({ value: u.usuarioId, label: u.nome })) : []),
    [consultants],
  );
  const statusOptions = useMemo(() => STATUS_FILTER_OPTIONS.map((o) => ({ value: o.value, label: o.label })), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors = periodFilterErrors(filters.inicio, filters.fim);
    if (errors) {
      setPeriodErrors(errors);
      notifyError(errors.inicio ?? errors.fim!);
      return;
    }
    setPeriodErrors({});
    setApplied(toRequest(filters));
  }

  const rows = search.status === 'ready' ? search.data : [];

  return (
    <Stack gap="5">
      <PageTitle parts={['Analisar Relatórios Admin']} />
      <Heading as="h1" size="2xl" id={headingId}>
        Analisar Relatórios Admin
      </Heading>
      <form onSubmit={submit} aria-labelledby={headingId}>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            <CityCombo<number>
              multiple
              options={cityOptions}
              value={filters.municipioIds}
              onValueChange={(municipioIds) => setFilters((f) => ({ ...f, municipioIds }))}
              loading={cities.status === 'loading'}
            />
            {analyst && (
              <Combo<number>
                multiple
                label="Consultor"
                emptyText="Nenhum Consultor retornado"
                options={consultantOptions}
                value={filters.usuarioIds}
                onValueChange={(usuarioIds) => setFilters((f) => ({ ...f, usuarioIds }))}
                maxChips={1}
                loading={consultants.status === 'loading'}
              />
            )}
            <StatusCombo<number>
              multiple
              keepOrder
              options={statusOptions}
              value={filters.status}
              onValueChange={(status) => setFilters((f) => ({ ...f, status }))}
            />
            <PeriodFields
              labels={['Criados a partir de', 'Criados até']}
              inicio={filters.inicio}
              fim={filters.fim}
              errors={periodErrors}
              onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))}
            />
          </SimpleGrid>
          <FilterActions
            loading={search.status === 'loading'}
            onClear={() => {
              setFilters(NO_FILTERS);
              setPeriodErrors({});
              setApplied(toRequest(NO_FILTERS));
            }}
          />
        </Stack>
      </form>

      <Heading as="h2" size="lg" id={resultsId}>
        Relatórios encontrados{search.status === 'ready' ? ` (${rows.length})` : ''}
      </Heading>
      {search.status === 'error' ? (
        <LoadError message={ERROR_MESSAGES.getAdminReports} onRetry={search.reload} />
      ) : (
        <AdminReportTable rows={rows} cityNames={cityNames} labelledBy={resultsId} loading={search.status !== 'ready'} />
      )}
    </Stack>
  );
}
