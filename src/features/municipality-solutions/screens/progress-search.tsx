import { Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { progressFilterSchema, type MunicipalityProgress, type ProgressFilter } from '../../../domain/solutions.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { Combo } from '../../../ui/combo.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { DateField } from '../../../ui/date-field.tsx';
import { CityCombo } from '../../../ui/entity-combos.tsx';
import { ListHeading, LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { municipalitySolutionsData } from '../data.ts';
import { ExportProgressButton } from '../components/export-button.tsx';

type Draft = {
  municipioId: number | null;
  solucaoId: number | null;
  grupoSolucaoId: number | null;
  consultorId: number | null;
  dataInicio: string;
  dataFim: string;
};

const hours = (value: unknown) => (typeof value === 'number' ? value.toLocaleString('pt-BR', { maximumFractionDigits: 2 }) : String(value));

/**
 * /tarefas/andamento: the task progress of every municipality the user sees, filtered by
 * municipality, solution, group, consultant and period (POST get-andamento-municipios). The spec's
 * menu has no entry for it: the city's Andamento tab links here.
 */
export function ProgressSearchScreen() {
  const v = currentVocabulary();
  const [params] = useSearchParams();
  const fromCity = Number(params.get('municipio')) || null;
  const [draft, setDraft] = useState<Draft>({
    municipioId: fromCity,
    solucaoId: null,
    grupoSolucaoId: null,
    consultorId: null,
    dataInicio: '',
    dataFim: '',
  });
  const [error, setError] = useState<string | undefined>();
  const [applied, setApplied] = useState<ProgressFilter>(() => ({ municipioId: fromCity }));
  const result = municipalitySolutionsData.useProgressByMunicipality(applied);
  const cities = municipalitySolutionsData.useMunicipalityOptions();
  const { groups, solutions } = municipalitySolutionsData.useCatalogueOptions();
  const consultants = municipalitySolutionsData.useConsultantOptions();
  const headingId = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function search() {
    const parsed = progressFilterSchema.safeParse({ ...draft, dataInicio: draft.dataInicio || null, dataFim: draft.dataFim || null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setApplied(parsed.data);
  }

  const columns: Array<DataColumn<MunicipalityProgress>> = [
    { key: 'municipioNome', header: v.municipality.singular, rowHeader: true },
    { key: 'tarefas', header: v.task.plural, align: 'end' },
    { key: 'tarefasCumpridas', header: 'Cumpridas', align: 'end', cardPriority: 1 },
    { key: 'horasPrevistas', header: 'Horas previstas', align: 'end', format: hours },
    { key: 'horasUtilizadas', header: 'Horas utilizadas', align: 'end', format: hours },
  ];
  const options = <T,>(
    r: { status: 'ready'; data: T } | { status: 'idle' | 'loading' | 'error' },
    map: (data: T) => Array<{ value: number; label: string }>,
  ) => (r.status === 'ready' ? map(r.data) : []);

  return (
    <Stack gap="4">
      <title>{`Andamento das ${v.task.plural.toLowerCase()} · Cidade Empreendedora`}</title>
      <ListHeading
        title={`Andamento das ${v.task.plural.toLowerCase()}`}
        id={headingId}
        level={1}
        action={<ExportProgressButton filter={applied} />}
      />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
        aria-label="Filtros"
      >
        <Stack gap="3">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <CityCombo
              label={v.municipality.singular}
              options={options(cities, (data: Array<{ municipioId: number; nome: string }>) =>
                data.map((c) => ({ value: c.municipioId, label: c.nome })),
              )}
              value={draft.municipioId}
              onValueChange={(id) => set('municipioId', id)}
            />
            <Combo
              label={v.solutionGroup.singular}
              emptyText={v.empty.solutionGroups}
              options={options(groups, (data: Array<{ grupoSolucaoId: number; nome: string }>) =>
                data.map((g) => ({ value: g.grupoSolucaoId, label: g.nome })),
              )}
              value={draft.grupoSolucaoId}
              onValueChange={(id) => set('grupoSolucaoId', id)}
            />
            <Combo
              label={v.solution.singular}
              emptyText={v.empty.solutions}
              options={options(solutions, (data: Array<{ solucaoId: number; nome: string }>) =>
                data.map((s) => ({ value: s.solucaoId, label: s.nome })),
              )}
              value={draft.solucaoId}
              onValueChange={(id) => set('solucaoId', id)}
            />
            <Combo
              label="Consultor"
              emptyText="Nenhum consultor retornado"
              options={options(consultants, (data: Array<{ usuarioId: number; nome: string }>) =>
                data.map((c) => ({ value: c.usuarioId, label: c.nome })),
              )}
              value={draft.consultorId}
              onValueChange={(id) => set('consultorId', id)}
            />
            <DateField label="Data inicial" value={draft.dataInicio} onValueChange={(value) => set('dataInicio', value)} />
            <DateField label="Data final" value={draft.dataFim} onValueChange={(value) => set('dataFim', value)} error={error} />
          </SimpleGrid>
          <HStack justify="flex-end">
            <Button type="submit" loading={result.status === 'loading'} loadingText="Pesquisando…">
              Pesquisar
            </Button>
          </HStack>
        </Stack>
      </form>
      {result.status === 'error' ? (
        <LoadError message="Não foi possível carregar o andamento." onRetry={result.reload} />
      ) : (
        <TableClip>
          <DataTable
            rows={result.status === 'ready' ? result.data : (result.status === 'loading' && result.previous) || []}
            columns={columns}
            rowKey={(r) => r.municipioId}
            labelledBy={headingId}
            loading={result.status === 'loading' && !result.previous}
            emptyText={v.empty.municipalities}
            defaultSort={{ key: 'municipioNome', direction: 'asc' }}
          />
        </TableClip>
      )}
    </Stack>
  );
}
