import { Badge, Button, Stack } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { SealBadge } from '../../../entities/sala/seal-badge.tsx';
import { formatDate } from '../../../domain/format.ts';
import { CHANNEL_LABELS, formatScore, SHOPPER_SEAL_LABELS, type RoundRow } from '../../../domain/mystery-shopper.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListHeading, LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { mysteryShopperData } from '../data.ts';
import { NEW_ROUND, shopperHref } from '../paths.ts';

/** The municipality's rounds, the latest visit first, each opening its questionnaire; "Nova rodada" for evaluators. */
export function RoundList({ municipioId, canEvaluate }: { municipioId: number; canEvaluate: boolean }) {
  const rounds = mysteryShopperData.useRounds(municipioId);
  const headingId = useId();
  const columns = useMemo<Array<DataColumn<RoundRow>>>(
    () => [
      {
        key: 'grupo',
        header: 'Grupo',
        rowHeader: true,
        truncate: 60,
        cell: (r) => <AppLink to={shopperHref.evaluation(municipioId, r.rodadaId)}>{`${r.grupo} (${formatDate(r.dataVisita)})`}</AppLink>,
      },
      { key: 'dataVisita', header: 'Data da visita', format: (v) => formatDate(String(v)), width: '9rem' },
      { key: 'avaliador', header: 'Avaliador', truncate: 40 },
      { key: 'canal', header: 'Canal', value: (r) => CHANNEL_LABELS[r.canal], width: '8rem' },
      {
        key: 'status',
        header: 'Situação',
        cardPriority: 1,
        width: '8rem',
        value: (r) => (r.status === 'aberta' ? 'Aberta' : 'Finalizada'),
        cell: (r) => (
          <Badge colorPalette={r.status === 'aberta' ? 'blue' : 'green'} variant="subtle">
            {r.status === 'aberta' ? 'Aberta' : 'Finalizada'}
          </Badge>
        ),
      },
      { key: 'pontuacao', header: 'Pontuação', align: 'end', format: (v) => formatScore(Number(v)), width: '8rem', cardPriority: 2 },
      {
        key: 'selo',
        header: 'Selo',
        width: '9rem',
        value: (r) => (r.status === 'aberta' ? '' : r.selo ? SHOPPER_SEAL_LABELS[r.selo] : 'Sem selo'),
        cell: (r) => (r.status === 'aberta' ? '—' : <SealBadge level={r.selo} size="sm" />),
      },
    ],
    [municipioId],
  );

  return (
    <Stack gap="3">
      <ListHeading
        title="Rodadas de avaliação"
        id={headingId}
        level={2}
        action={
          canEvaluate ? (
            <Button asChild>
              <RouterLink to={shopperHref.evaluation(municipioId, NEW_ROUND)}>Nova rodada</RouterLink>
            </Button>
          ) : undefined
        }
      />
      {rounds.status === 'error' ? (
        <LoadError message="Não foi possível carregar as rodadas." onRetry={() => rounds.reload()} />
      ) : (
        <TableClip>
          <DataTable
            rows={rounds.status === 'ready' ? rounds.data : []}
            columns={columns}
            rowKey={(r) => r.rodadaId}
            labelledBy={headingId}
            loading={rounds.status === 'loading' || rounds.status === 'idle'}
            emptyText="Nenhuma rodada de avaliação."
          />
        </TableClip>
      )}
    </Stack>
  );
}
