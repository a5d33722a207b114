import { Stack } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EMPTY_MESSAGES, ERROR_MESSAGES } from '../../../domain/messages.ts';
import type { DiagnosticState } from '../../../domain/followups.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { useAxes } from '../../../entities/axes/data.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { LINK_CELLS, LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { DiagnosticFrame, SituationBadge } from '../components/diagnostic-frame.tsx';
import { InvalidMunicipality } from '../components/invalid-municipality.tsx';
import { diagnosticData } from '../data.ts';
import { diagnosticHref } from '../paths.ts';

type ThemeRow = DiagnosticState['temas'][number] & { eixoNome: string | null };

/** /diagnostico/:id/tema: the diagnostic's themes with how much of each is answered; each opens its questions. */
export function DiagnosticThemesScreen() {
  const municipioId = parseRouteId(useParams().id);
  if (municipioId === null) return <InvalidMunicipality />;
  return <DiagnosticThemes key={municipioId} municipioId={municipioId} />;
}

function DiagnosticThemes({ municipioId }: { municipioId: number }) {
  const remote = diagnosticData.useDiagnostic(municipioId, ERROR_MESSAGES.getThemesLower);
  const axes = useAxes();
  const headingId = useId();
  const axisWord = currentVocabulary().axis.singular;

  const rows = useMemo<ThemeRow[]>(() => {
    if (remote.status !== 'ready') return [];
    const names = new Map(axes.status === 'ready' ? axes.data.map((a) => [a.eixoId, a.nome]) : []);
    return remote.data.temas.map((tema) => ({ ...tema, eixoNome: names.get(tema.eixoId) ?? null }));
  }, [remote, axes]);

  const columns = useMemo<Array<DataColumn<ThemeRow>>>(
    () => [
      {
        key: 'nome',
        header: 'Tema',
        width: '38%',
        rowHeader: true,
        value: (t) => t.nome,
        cell: (t) => <RouterLink to={diagnosticHref.theme(municipioId, t.temaId)}>{t.nome}</RouterLink>,
      },
      { key: 'eixoNome', header: axisWord, width: '26%', value: (t) => t.eixoNome },
      {
        key: 'respondidas',
        header: 'Respondidas',
        width: '9rem',
        value: (t) => `${t.respondidas} de ${t.total}`,
        sortValue: (t) => (t.total === 0 ? 0 : t.respondidas / t.total),
      },
      {
        key: 'situacao',
        header: 'Situação',
        width: '11rem',
        cardPriority: 1,
        value: (t) => t.situacao,
        cell: (t) => <SituationBadge situacao={t.situacao} />,
      },
    ],
    [municipioId, axisWord],
  );

  return (
    <DiagnosticFrame municipioId={municipioId} headingId={headingId} page="Temas">
      <Stack gap="4">
        <AppLink to={diagnosticHref.home(municipioId)} alignSelf="start" textStyle="sm">
          ← Voltar para o diagnóstico
        </AppLink>
        {remote.status === 'error' ? (
          <LoadError message="Não foi possível carregar os temas do diagnóstico." onRetry={remote.reload} />
        ) : (
          <TableClip css={LINK_CELLS}>
            <DataTable
              rows={rows}
              columns={columns}
              rowKey={(t) => t.temaId}
              labelledBy={headingId}
              loading={remote.status !== 'ready'}
              loadingText="Carregando temas…"
              emptyText={EMPTY_MESSAGES.themes}
              minWidth="40rem"
            />
          </TableClip>
        )}
      </Stack>
    </DiagnosticFrame>
  );
}
