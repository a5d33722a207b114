import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatDate } from '../../../domain/format.ts';
import { canCreateFollowup, canSeeFollowupPoints } from '../../../domain/followups.ts';
import { followups as followupData, type FollowupListRow } from '../../../entities/followups/data.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { useCity } from '../../../session/city.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { CancelCircleIcon, CheckCircleIcon } from '../../../ui/icons.tsx';
import { LINK_CELLS, ListHeading, LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { OfflineNotice } from '../../../ui/offline-notice.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { NewFollowupDialog } from '../components/new-followup-dialog.tsx';
import { selectionAfterToggle } from '../components/list-logic.ts';
import { followupHref } from '../paths.ts';

/** /cidade/:id/acompanhamento (and /acompanhamentos): the city's follow-ups (spec §2 "Follow-up list"), read from the device first. */
export function FollowupListScreen() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const ctx = usePermissionContext();
  const navigate = useNavigate();
  const followups = followupData.useList(municipioId);
  const headingId = useId();
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [creating, setCreating] = useState(false);
  const rows = useMemo(() => (followups.status === 'ready' ? followups.data : []), [followups]);
  const showPoints = ctx !== null && canSeeFollowupPoints(ctx);
  // Only rows still listed count: a follow-up removed by a refresh leaves the selection.
  const chosen = useMemo(() => rows.filter((r) => selected.has(r.acompanhamentoId)).map((r) => r.acompanhamentoId), [rows, selected]);
  const allSelected = rows.length > 0 && chosen.length === rows.length;

  const columns = useMemo<Array<DataColumn<FollowupListRow>>>(() => {
    const list: Array<DataColumn<FollowupListRow>> = [
      {
        key: 'selecionar',
        header: 'Selecionar',
        width: '6.5rem',
        sortable: false,
        align: 'center',
        cell: (r) => (
          <input
            type="checkbox"
            aria-label={`Selecionar ${r.nome}`}
            checked={selected.has(r.acompanhamentoId)}
            onChange={() => setSelected((current) => selectionAfterToggle(current, r.acompanhamentoId))}
            style={{ width: '1.25rem', height: '1.25rem' }}
          />
        ),
      },
      {
        key: 'nome',
        header: 'Título',
        width: '36%',
        rowHeader: true,
        value: (r) => r.nome,
        cell: (r) => <RouterLink to={followupHref.detail(municipioId, r.acompanhamentoId)}>{r.nome}</RouterLink>,
      },
      {
        key: 'criacao',
        header: 'Criado em',
        width: '8rem',
        cardPriority: 1,
        value: (r) => r.criacao,
        format: (v) => formatDate(String(v)),
      },
      {
        key: 'finalizado',
        header: 'Status',
        width: '6rem',
        align: 'center',
        cardPriority: 2,
        value: (r) => (r.finalizado ? 'Finalizado' : 'Não finalizado'),
        cell: (r) =>
          r.finalizado ? (
            <Box as="span" role="img" aria-label="Finalizado" display="inline-flex" color="fg.success">
              <CheckCircleIcon boxSize="1.25em" />
            </Box>
          ) : (
            <Box as="span" role="img" aria-label="Não finalizado" display="inline-flex" color="fg.error">
              <CancelCircleIcon boxSize="1.25em" />
            </Box>
          ),
      },
      { key: 'sim', header: 'Sim', width: '5rem', align: 'end', cardPriority: 3, value: (r) => r.sim },
      { key: 'nao', header: 'Não', width: '5rem', align: 'end', cardPriority: 4, value: (r) => r.nao },
    ];
    if (showPoints) list.push({ key: 'pontos', header: 'Pontos', width: '6rem', align: 'end', cardPriority: 5, value: (r) => r.pontos });
    return list;
  }, [municipioId, selected, showPoints]);

  return (
    <Stack gap="4">
      <PageTitle parts={[currentVocabulary().cityTabs.acompanhamento, municipality.nome]} />
      <ListHeading
        title="Acompanhamentos"
        id={headingId}
        level={2}
        action={
          <HStack gap="2" wrap="wrap">
            <Button asChild variant="outline">
              <RouterLink to={followupHref.diagnostic(municipioId)}>Diagnóstico</RouterLink>
            </Button>
            <Button variant="outline" disabled={chosen.length === 0} onClick={() => navigate(followupHref.actionPlan(municipioId, chosen))}>
              Plano de ação
            </Button>
            {ctx && canCreateFollowup(ctx) && <Button onClick={() => setCreating(true)}>Novo Acompanhamento</Button>}
          </HStack>
        }
      />

      {followups.status === 'ready' && <OfflineNotice syncedAt={followups.syncedAt} refreshFailed={Boolean(followups.refreshError)} />}

      {followups.status === 'error' ? (
        <LoadError message="Não foi possível carregar os acompanhamentos." onRetry={followups.reload} />
      ) : (
        <>
          <HStack gap="3" wrap="wrap">
            <HStack as="label" gap="2" cursor={rows.length === 0 ? 'default' : 'pointer'}>
              <input
                type="checkbox"
                checked={allSelected}
                disabled={rows.length === 0}
                onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.acompanhamentoId)))}
                style={{ width: '1.25rem', height: '1.25rem' }}
              />
              <Text textStyle="sm">Selecionar todos</Text>
            </HStack>
            <Text textStyle="sm" color="fg.muted" aria-live="polite">
              {chosen.length === 0 ? '' : `${chosen.length} ${chosen.length === 1 ? 'selecionado' : 'selecionados'}`}
            </Text>
          </HStack>
          <TableClip css={LINK_CELLS}>
            <DataTable
              rows={rows}
              columns={columns}
              rowKey={(r) => r.acompanhamentoId}
              labelledBy={headingId}
              loading={followups.status === 'loading'}
              loadingText="Carregando acompanhamentos…"
              emptyText={currentVocabulary().empty.followUps}
              rowTone={(r) => (r.pending ? 'info' : undefined)}
              minWidth="40rem"
            />
          </TableClip>
        </>
      )}

      {creating && (
        <NewFollowupDialog
          open
          municipioId={municipioId}
          onClose={() => setCreating(false)}
          onCreated={(id) => navigate(followupHref.detail(municipioId, id))}
        />
      )}
    </Stack>
  );
}
