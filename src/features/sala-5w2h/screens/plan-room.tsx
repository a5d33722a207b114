import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { formatDate, formatMoney } from '../../../domain/format.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { PLAN_STATUS_LABELS, type PlanStatus } from '../../../domain/sala-5w2h.ts';
import { DataTable, type DataColumn, type RowTone } from '../../../ui/data-table.tsx';
import { actionsColumn, ListHeading, LoadError, TableClip, useRecordActions } from '../../../ui/list-screen.tsx';
import { OfflineNotice } from '../../../ui/offline-notice.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { RoomLayout } from '../../../entities/sala/room-layout.tsx';
import { PlanDialog } from '../components/plan-dialog.tsx';
import { ShareDialog } from '../components/share-dialog.tsx';
import { plans, type ListedPlan } from '../data.ts';

const BADGE: Record<PlanStatus, string> = { 'nao-iniciado': 'gray', 'em-andamento': 'blue', concluido: 'green', cancelado: 'red' };
const TONES: Record<PlanStatus, RowTone | undefined> = {
  'nao-iniciado': undefined,
  'em-andamento': 'info',
  concluido: 'success',
  cancelado: undefined,
};

/**
 * /sala-principal/:id/sala-5w2h: the room's 5W2H action plans (issue 29 item 4). Read from the device
 * (available offline once the municipality is); an edit goes through the outbox and shows at once,
 * marked "pendente" until the server has it. Creating, deleting and the public link need the server.
 */
export function PlanRoomScreen() {
  return (
    <RoomLayout>
      <PlanRoom />
    </RoomLayout>
  );
}

function PlanRoom() {
  const municipioId = parseRouteId(useParams().id) ?? 0;
  const list = plans.usePlans(municipioId);
  const headingId = useId();
  const [sharingId, setSharingId] = useState<number | null>(null);
  const records = useRecordActions<ListedPlan>({
    noun: 'plano de ação',
    nameOf: (p) => p.oQue,
    idOf: (p) => p.sala5w2hId,
    deleteById: plans.remove,
    onDeleted: () => list.status === 'ready' && list.reload(),
  });
  const rows = list.status === 'ready' ? list.data : list.status === 'loading' ? (list.previous ?? []) : [];
  const sharing = rows.find((p) => p.sala5w2hId === sharingId) ?? null;

  const columns: Array<DataColumn<ListedPlan>> = [
    { key: 'oQue', header: 'O quê', rowHeader: true, truncate: 60 },
    { key: 'quando', header: 'Quando', width: '8rem', format: (v) => formatDate(String(v)) },
    { key: 'quem', header: 'Quem', truncate: 30 },
    {
      key: 'quanto',
      header: 'Quanto',
      align: 'end',
      exportType: 'money',
      value: (p) => p.quanto / 100,
      format: (v) => formatMoney(Number(v)),
    },
    {
      key: 'status',
      header: 'Situação',
      cardPriority: 1,
      value: (p) => PLAN_STATUS_LABELS[p.status],
      cell: (p) => (
        <HStack gap="1" wrap="wrap">
          <Badge colorPalette={BADGE[p.status]} variant="subtle">
            {PLAN_STATUS_LABELS[p.status]}
          </Badge>
          {p.pending && (
            <Badge colorPalette="orange" variant="subtle">
              Pendente de envio
            </Badge>
          )}
          {p.hashPublico && (
            <Badge colorPalette="purple" variant="subtle">
              Link público
            </Badge>
          )}
        </HStack>
      ),
    },
    { key: 'progresso', header: 'Progresso', align: 'end', width: '7rem', format: (v) => `${String(v)}%` },
    actionsColumn(
      (p) => (
        <HStack gap="2" justify="flex-end">
          <Button size="xs" variant="outline" aria-label={`Link público do plano ${p.oQue}`} onClick={() => setSharingId(p.sala5w2hId)}>
            Link
          </Button>
          {records.rowActions(p)}
        </HStack>
      ),
      '15rem',
    ),
  ];

  return (
    <Stack gap="4">
      <PageTitle parts={['Planos de ação 5W2H', 'Sala do Empreendedor']} />
      <ListHeading
        title="Planos de ação 5W2H"
        id={headingId}
        level={1}
        action={<Button onClick={records.openCreate}>Novo plano de ação</Button>}
      />
      <Text color="fg.muted">O quê, por quê, onde, quando, quem, como e quanto custa cada ação da sala.</Text>
      {list.status === 'ready' && <OfflineNotice syncedAt={list.syncedAt} refreshFailed={Boolean(list.refreshError)} />}
      {list.status === 'error' ? (
        <LoadError message="Não foi possível carregar os planos de ação." onRetry={() => window.location.reload()} />
      ) : (
        <TableClip>
          <DataTable
            rows={rows}
            columns={columns}
            rowKey={(p) => p.sala5w2hId}
            labelledBy={headingId}
            loading={list.status === 'loading'}
            loadingText="Carregando planos de ação…"
            emptyText="Nenhum plano de ação retornado"
            rowTone={(p) => TONES[p.status]}
            minWidth="56rem"
          />
        </TableClip>
      )}
      <PlanDialog open={records.dialogOpen} onClose={records.closeDialog} municipioId={municipioId} plan={records.editing} />
      <ShareDialog plan={sharing} onClose={() => setSharingId(null)} />
      {records.confirmDialog}
    </Stack>
  );
}
