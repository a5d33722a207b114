import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { SealBadge } from '../../../entities/sala/seal-badge.tsx';
import { formatDate } from '../../../domain/format.ts';
import {
  CHANNEL_LABELS,
  formatScore,
  SHOPPER_SEAL_LABELS,
  SHOPPER_SEAL_THRESHOLDS,
  type ShopperInfo,
} from '../../../domain/mystery-shopper.ts';
import { useCity } from '../../../session/city.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListHeading, LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { mysteryShopperData } from '../data.ts';
import { shopperHref } from '../paths.ts';

type HistoryRow = ShopperInfo['historico'][number];

const thresholds = SHOPPER_SEAL_THRESHOLDS.map((t) => `${SHOPPER_SEAL_LABELS[t.selo]} a partir de ${t.minimo}%`).join(', ');

/**
 * /cidade/:id/cliente-oculto/info (spec §2, the city tab's link): what the evaluation is, the
 * municipality's current seal with its certificate, and the history of finalized rounds. Every user
 * of the tab reads it; the evaluation itself is linked only for those who may open it.
 */
export function ShopperInfoScreen() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const info = mysteryShopperData.useInfo(municipioId);
  const headingId = useId();
  const historyId = useId();

  const columns = useMemo<Array<DataColumn<HistoryRow>>>(
    () => [
      { key: 'grupo', header: 'Grupo', rowHeader: true, truncate: 60 },
      { key: 'dataVisita', header: 'Data da visita', format: (v) => formatDate(String(v)), width: '9rem' },
      { key: 'canal', header: 'Canal', value: (r) => CHANNEL_LABELS[r.canal], width: '8rem' },
      { key: 'pontuacao', header: 'Pontuação', align: 'end', format: (v) => formatScore(Number(v)), width: '8rem', cardPriority: 2 },
      {
        key: 'selo',
        header: 'Selo',
        cardPriority: 1,
        width: '9rem',
        value: (r) => (r.selo ? SHOPPER_SEAL_LABELS[r.selo] : 'Sem selo'),
        cell: (r) => <SealBadge level={r.selo} size="sm" />,
      },
      {
        key: 'certificado',
        header: 'Certificado',
        sortable: false,
        value: (r) => r.tokenSelo,
        cell: (r) =>
          r.tokenSelo ? <AppLink to={shopperHref.publicSeal(r.tokenSelo)} target="_blank">{`Certificado de ${r.grupo}`}</AppLink> : '—',
      },
    ],
    [],
  );

  return (
    <Stack gap="5">
      <PageTitle parts={['Cliente Oculto', municipality.nome]} />
      <ListHeading
        title="Cliente Oculto"
        id={headingId}
        level={2}
        action={
          info.status === 'ready' && info.data.podeVerAvaliacao ? (
            <Button asChild variant="outline">
              <RouterLink to={shopperHref.evaluation(municipioId)}>Abrir avaliação</RouterLink>
            </Button>
          ) : undefined
        }
      />
      <Text maxW="3xl">
        O Cliente Oculto avalia o atendimento ao empreendedor: um avaliador usa o serviço do município como um cliente comum
        (presencialmente, por telefone ou online) e responde a um questionário de critérios agrupados por dimensão. A pontuação ponderada de
        cada rodada define o selo: {thresholds}.
      </Text>

      {info.status === 'error' ? (
        <LoadError message="Não foi possível carregar o Cliente Oculto." onRetry={() => info.reload()} />
      ) : info.status !== 'ready' ? (
        <LoadingState />
      ) : (
        <>
          <Stack as="section" gap="2" aria-labelledby={`${headingId}-selo`}>
            <Heading as="h3" size="md" id={`${headingId}-selo`}>
              Selo atual
            </Heading>
            <HStack gap="4" wrap="wrap">
              <SealBadge level={info.data.selo} size="lg" />
              {info.data.tokenSelo && info.data.selo && (
                <AppLink to={shopperHref.publicSeal(info.data.tokenSelo)} target="_blank">
                  Baixar certificado do selo
                </AppLink>
              )}
            </HStack>
            {!info.data.selo && <Text color="fg.muted">O município ainda não conquistou um selo.</Text>}
          </Stack>

          <Stack gap="2">
            <Heading as="h3" size="md" id={historyId}>
              Histórico de rodadas
            </Heading>
            <TableClip>
              <DataTable
                rows={info.data.historico}
                columns={columns}
                rowKey={(r) => r.rodadaId}
                labelledBy={historyId}
                emptyText="Nenhuma rodada finalizada."
              />
            </TableClip>
          </Stack>
        </>
      )}
    </Stack>
  );
}
