import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { parseRouteId } from '../../../domain/route-params.ts';
import { formatPeriod, type IndicatorRow } from '../../../domain/sala.ts';
import { salaRoom } from '../../../entities/sala/data.ts';
import { RoomLayout } from '../../../entities/sala/room-layout.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListHeading, LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { Trail } from '../../../ui/trail.tsx';
import { ReadingDialog } from '../components/reading-dialog.tsx';
import { formatValue, history, indexReadings, mapRows, type MapRow } from '../map-logic.ts';
import { SALA_PATHS } from '../../../entities/sala/paths.ts';

// The chart is its own chunk: only this screen loads it (issue 29 item 12).
const IndicatorChart = lazy(() => import('../components/indicator-chart.tsx'));

const TITLE = 'Mapa de Indicadores';

/**
 * /sala-principal/{id}/sala-indicadores-municipio (issue 29 item 3): each indicator's reading in a
 * period against its target and level, as a table, and the chosen indicator's history as a chart.
 * Read from the device (the room and its readings), so it opens offline; a reading recorded here
 * shows at once, marked "pendente" until the server has it.
 */
export function IndicatorMapScreen() {
  return (
    <RoomLayout>
      <IndicatorMap />
    </RoomLayout>
  );
}

function IndicatorMap() {
  const municipioId = parseRouteId(useParams().id)!;
  const home = salaRoom.useHome(municipioId);
  const readings = salaRoom.useReadings(municipioId);
  const headingId = useId();
  const [chosenPeriod, setChosenPeriod] = useState<string | null>(null);
  const [chosenIndicator, setChosenIndicator] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ indicadorId: number | null; periodo: string | null } | null>(null);

  const indicators: readonly IndicatorRow[] = home.status === 'ready' ? home.data.indicadores : [];
  const index = useMemo(() => indexReadings(readings.status === 'ready' ? readings.data : []), [readings]);
  const periodo = chosenPeriod ?? index.periods[index.periods.length - 1] ?? null;
  const rows = useMemo(
    () => (home.status === 'ready' ? mapRows(home.data.indicadores, home.data.niveis, index, periodo) : []),
    [home, index, periodo],
  );
  const indicator = indicators.find((i) => i.indicadorId === chosenIndicator) ?? indicators[0] ?? null;
  const points = useMemo(() => (indicator ? history(indicator, index) : []), [indicator, index]);

  const columns = useMemo<Array<DataColumn<MapRow>>>(
    () => [
      { key: 'nome', header: 'Indicador', rowHeader: true, truncate: 60 },
      { key: 'eixoNome', header: 'Pilar', truncate: 30 },
      { key: 'meta', header: 'Meta', align: 'end', format: (_v, row) => formatValue(row.meta, row.unidade) },
      {
        key: 'valor',
        header: 'Leitura',
        align: 'end',
        cardPriority: 1,
        format: (_v, row) => formatValue(row.valor, row.unidade),
        cell: (row) => (
          <HStack gap="2" justify="end">
            <span>{formatValue(row.valor, row.unidade)}</span>
            {row.pending && (
              <Badge colorPalette="orange" size="sm">
                pendente
              </Badge>
            )}
          </HStack>
        ),
      },
      { key: 'atingimento', header: 'Atingimento', align: 'end', format: (v) => `${String(v)} %` },
      { key: 'nivel', header: 'Nível', cardPriority: 2 },
      {
        key: 'acoes',
        header: 'Ações',
        sortable: false,
        value: () => null,
        cell: (row) => (
          <HStack gap="1">
            <Button size="xs" variant="outline" onClick={() => setChosenIndicator(row.indicadorId)} aria-label={`Ver o gráfico de ${row.nome}`}>
              Gráfico
            </Button>
            <Button size="xs" variant="outline" onClick={() => setDialog({ indicadorId: row.indicadorId, periodo })} aria-label={`Registrar leitura de ${row.nome}`}>
              Registrar
            </Button>
          </HStack>
        ),
      },
    ],
    [periodo],
  );

  const periodOptions = [...index.periods].reverse().map((p) => ({ value: p, label: formatPeriod(p) }));

  return (
    <Stack gap="5">
      <PageTitle parts={[TITLE, home.status === 'ready' ? home.data.sala.nome : null]} />
      <Trail
        crumbs={[
          { label: 'Início', href: '/cidade', current: false },
          { label: 'Sala do Empreendedor', href: SALA_PATHS.list, current: false },
          { label: TITLE, href: '', current: true },
        ]}
      />
      <ListHeading
        title={TITLE}
        id={headingId}
        level={1}
        action={
          <Button onClick={() => setDialog({ indicadorId: null, periodo })} disabled={indicators.length === 0}>
            Registrar leitura
          </Button>
        }
      />
      <HStack gap="4" wrap="wrap" align="end">
        <SelectField
          label="Período"
          options={periodOptions}
          value={periodo ?? ''}
          onValueChange={(value) => setChosenPeriod(value || null)}
          placeholder={periodOptions.length === 0 ? 'Sem leituras' : undefined}
        />
        {readings.status === 'ready' && readings.refreshing && (
          <Text textStyle="sm" color="fg.muted">
            Atualizando…
          </Text>
        )}
      </HStack>

      {readings.status === 'error' ? (
        <LoadError message="Não foi possível carregar as leituras." onRetry={readings.reload} />
      ) : readings.status !== 'ready' || home.status !== 'ready' ? (
        <LoadingState label="Carregando leituras…" />
      ) : (
        <>
          <TableClip>
            <DataTable
              labelledBy={headingId}
              rows={rows}
              columns={columns}
              rowKey={(row) => row.indicadorId}
              emptyText="Nenhum Indicador retornado"
              defaultSort={{ key: 'nome', direction: 'asc' }}
              maxHeight="none"
            />
          </TableClip>
          {indicator && (
            <Stack gap="3" maxW="3xl">
              <SelectField
                label="Indicador do gráfico"
                options={indicators.map((i) => ({ value: String(i.indicadorId), label: i.nome }))}
                value={String(indicator.indicadorId)}
                onValueChange={(value) => setChosenIndicator(value ? Number(value) : null)}
              />
              <Suspense fallback={<LoadingState label="Carregando gráfico…" />}>
                <IndicatorChart title={indicator.nome} points={points} unidade={indicator.unidadeSigla} />
              </Suspense>
            </Stack>
          )}
        </>
      )}
      {dialog && (
        <ReadingDialog open onClose={() => setDialog(null)} municipioId={municipioId} indicators={indicators} initial={dialog} />
      )}
    </Stack>
  );
}
