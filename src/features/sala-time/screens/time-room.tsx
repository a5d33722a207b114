import { Button, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { formatDate } from '../../../domain/format.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { formatDuration, type TimeRow } from '../../../domain/sala-time.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { actionsColumn, ListHeading, LoadError, TableClip, useRecordActions } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { RoomLayout } from '../../../entities/sala/room-layout.tsx';
import { TimeAveragesView } from '../components/averages.tsx';
import { ImportDialog } from '../components/import-dialog.tsx';
import { TimeDialog } from '../components/time-dialog.tsx';
import { times } from '../data.ts';
import { publicPanelUrl } from '../paths.ts';

/** The public panel's link: published, replaced or revoked by the room (the panel shows averages only). */
function PanelLink({ municipioId, hash }: { municipioId: number; hash: string | null }) {
  const url = hash ? publicPanelUrl(window.location.origin, hash) : null;
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" size="md">
        Painel público
      </Heading>
      <Text color="fg.muted">Mostra, sem login, só o nome do município e os tempos médios por serviço e por mês.</Text>
      {url && <Input readOnly value={url} aria-label="Link do painel público" onFocus={(e) => e.currentTarget.select()} />}
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant={url ? 'outline' : 'solid'} onClick={() => void times.sharePanel(municipioId)}>
          {url ? 'Gerar novo link' : 'Publicar painel'}
        </Button>
        {url && (
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => void times.revokePanel(municipioId)}>
            Revogar link
          </Button>
        )}
      </HStack>
    </Stack>
  );
}

/**
 * /sala-principal/:id/sala-tempo: the room's service times, entered or imported, with the averages
 * by service and by month (issue 29 item 6), and the link of its public panel.
 */
export function TimeRoomScreen() {
  return (
    <RoomLayout>
      <TimeRoom />
    </RoomLayout>
  );
}

function TimeRoom() {
  const municipioId = parseRouteId(useParams().id) ?? 0;
  const room = times.useRoom(municipioId);
  const headingId = useId();
  const [importing, setImporting] = useState(false);
  const records = useRecordActions<TimeRow>({
    noun: 'registro de tempo',
    nameOf: (t) => `${t.servico} de ${formatDate(t.data)}`,
    idOf: (t) => t.salaTempoId,
    deleteById: (salaTempoId) => times.remove({ salaTempoId, municipioId }),
    onDeleted: () => undefined,
  });
  const columns: Array<DataColumn<TimeRow>> = [
    { key: 'servico', header: 'Serviço', rowHeader: true },
    { key: 'data', header: 'Data', format: (v) => formatDate(String(v)) },
    { key: 'duracaoMinutos', header: 'Duração', align: 'end', format: (v) => formatDuration(Number(v)) },
    { key: 'observacao', header: 'Observação', truncate: 40 },
    actionsColumn(records.rowActions),
  ];
  return (
    <Stack gap="6">
      <PageTitle parts={['Tempos de atendimento', 'Sala do Empreendedor']} />
      <ListHeading
        title="Tempos de atendimento"
        id={headingId}
        level={1}
        action={
          <HStack gap="2" wrap="wrap">
            <Button variant="outline" onClick={() => setImporting(true)}>
              Importar planilha
            </Button>
            <Button onClick={records.openCreate}>Novo tempo</Button>
          </HStack>
        }
      />
      {room.status === 'error' && <LoadError message={times.errorMessage} onRetry={() => window.location.reload()} />}
      {room.status === 'ready' && (
        <>
          <TimeAveragesView medias={room.data.medias} />
          <PanelLink municipioId={municipioId} hash={room.data.painelHash} />
        </>
      )}
      <TableClip>
        <DataTable
          rows={room.status === 'ready' ? room.data.registros : []}
          columns={columns}
          rowKey={(t) => t.salaTempoId}
          labelledBy={headingId}
          loading={room.status === 'loading'}
          loadingText="Carregando tempos…"
          emptyText="Nenhum tempo retornado"
          defaultSort={{ key: 'data', direction: 'desc' }}
          minWidth="44rem"
        />
      </TableClip>
      <TimeDialog open={records.dialogOpen} onClose={records.closeDialog} municipioId={municipioId} time={records.editing} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} municipioId={municipioId} />
      {records.confirmDialog}
    </Stack>
  );
}
