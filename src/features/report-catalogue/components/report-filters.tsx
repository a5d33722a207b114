import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import {
  FILTER_KEYS,
  FILTER_LABELS,
  hasAnyFilter,
  REPORT_MESSAGES,
  type FilterOptions,
  type FilterType,
  type ReportDefinition,
  type ReportFilters,
} from '../../../domain/report-catalogue.ts';
import { Combo, type ComboValue } from '../../../ui/combo.tsx';
import { AxisCombo, CityCombo, ProjectCombo, SolutionCombo } from '../../../ui/entity-combos.tsx';
import { FilterActions, PeriodFields, periodFilterErrors, type PeriodErrors } from '../../../ui/filter-form.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';

type ListFilter = Exclude<FilterType, 'dataInicial' | 'dataFim'>;
type Values = Partial<Record<ListFilter, ComboValue[]>> & { dataInicial?: string; dataFim?: string };

/**
 * The form's values of the report's defaults, or of the filters its URL carried (`preset`):
 * municipioId [0] (every municipality) is an empty choice.
 */
function initialValues(report: ReportDefinition, preset: ReportFilters | null = null): Values {
  const out: Values = {};
  for (const f of report.filters) {
    const given = preset?.[FILTER_KEYS[f.type]];
    if (f.type === 'dataInicial' || f.type === 'dataFim') {
      if (typeof given === 'string') out[f.type] = given;
      continue;
    }
    const list = Array.isArray(given) ? given : f.default;
    if (list) out[f.type as ListFilter] = list.filter((v) => v !== 0) as ComboValue[];
  }
  return out;
}

/** The request's filters from the form: an empty municipality choice keeps the report's [0] default. */
export function filtersOf(report: ReportDefinition, values: Values): ReportFilters {
  const out: Record<string, unknown> = {};
  for (const f of report.filters) {
    if (f.type === 'dataInicial' || f.type === 'dataFim') {
      if (values[f.type]) out[FILTER_KEYS[f.type]] = values[f.type];
      continue;
    }
    const chosen = values[f.type as ListFilter] ?? [];
    if (chosen.length) out[FILTER_KEYS[f.type]] = chosen;
    else if (f.default) out[FILTER_KEYS[f.type]] = [...f.default];
  }
  return out as ReportFilters;
}

function emptyText(type: FilterType): string {
  return `Nenhum(a) ${FILTER_LABELS[type]} retornado(a)`;
}

/**
 * The report's filter form: one control per declared filter type (spec §3, ids 1-17), the shared
 * combos where one exists (their chip rules, spec §2), DD/MM/AAAA dates, Pesquisar / Limpar filtros.
 * A report that needs filters (report 40) refuses to run without one here as on the server.
 */
export function ReportFiltersForm({
  report,
  preset = null,
  options,
  loading,
  onApply,
}: {
  report: ReportDefinition;
  preset?: ReportFilters | null;
  options: FilterOptions | undefined;
  loading: boolean;
  onApply: (filters: ReportFilters) => void;
}) {
  const [values, setValues] = useState<Values>(() => initialValues(report, preset));
  const [period, setPeriod] = useState<PeriodErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const types = report.filters.map((f) => f.type);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = periodFilterErrors(values.dataInicial ?? '', values.dataFim ?? '');
    setPeriod(errors ?? {});
    if (errors) return;
    const filters = filtersOf(report, values);
    if (report.requiresFilters && !hasAnyFilter(filters)) {
      setRefusal(REPORT_MESSAGES.requiresFilters);
      return;
    }
    setRefusal(null);
    onApply(filters);
  };

  const multi = (type: ListFilter) => {
    const common = {
      multiple: true as const,
      value: values[type] ?? [],
      onValueChange: (v: ComboValue[]) => setValues((prev) => ({ ...prev, [type]: v })),
      options: (options?.[type as keyof FilterOptions] ?? []) as { value: ComboValue; label: string }[],
      loading: !options,
    };
    if (type === 'municipio') return <CityCombo key={type} {...common} />;
    if (type === 'solucao') return <SolutionCombo key={type} {...common} />;
    if (type === 'eixo') return <AxisCombo key={type} {...common} />;
    if (type === 'projeto') return <ProjectCombo key={type} {...common} />;
    return <Combo key={type} {...common} label={FILTER_LABELS[type]} emptyText={emptyText(type)} maxChips={1} />;
  };

  return (
    <form onSubmit={submit} aria-label={`Filtros do relatório ${report.title}`} noValidate>
      <Stack gap="4">
        <SimpleGrid minChildWidth="14rem" gap="4">
          {types.filter((t): t is ListFilter => t !== 'dataInicial' && t !== 'dataFim').map(multi)}
          {types.includes('dataInicial') && (
            <PeriodFields
              labels={['Data inicial', 'Data final']}
              inicio={values.dataInicial ?? ''}
              fim={values.dataFim ?? ''}
              errors={period}
              onChange={(patch) =>
                setValues((prev) => ('inicio' in patch ? { ...prev, dataInicial: patch.inicio } : { ...prev, dataFim: patch.fim }))
              }
            />
          )}
        </SimpleGrid>
        {refusal && <ServerAlert status="error">{refusal}</ServerAlert>}
        <FilterActions
          loading={loading}
          onClear={() => {
            setValues(initialValues(report));
            setPeriod({});
            setRefusal(null);
          }}
        />
      </Stack>
    </form>
  );
}
