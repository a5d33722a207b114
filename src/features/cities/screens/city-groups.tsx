import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiErrorMessage, isSessionExpiredError } from '../../../api/client.ts';
import type { MunicipalityGroup } from '../../../domain/members.ts';
import { currentVocabulary } from '../../../session/variant.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { CONFIRM_MESSAGES } from '../../../ui/messages.ts';
import { notifyError, notifySuccess } from '../../../ui/notify.ts';
import { OfflineNotice } from '../../../ui/offline-notice.tsx';
import { GroupDialog } from '../components/group-dialog.tsx';
import { deleteGroup, useMunicipalityGroups } from '../data.ts';
import { cityHref } from '../paths.ts';
import { useCity } from '../../../session/city.ts';

/** /cidade/:id/grupo: the city's working groups; open one to see its members. */
export function CityGroupsScreen() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const groups = useMunicipalityGroups(municipioId);
  const navigate = useNavigate();
  const [confirm, confirmDialog] = useConfirm();
  const [dialogOpen, setDialogOpen] = useState(false);
  // Kept while the dialog animates out, so its title does not flip to "Novo grupo" on close.
  const [editing, setEditing] = useState<MunicipalityGroup | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const headingId = useId();
  const title = currentVocabulary().cityTabs.grupo;

  function openDialog(group: MunicipalityGroup | null) {
    setEditing(group);
    setDialogOpen(true);
  }

  async function remove(group: MunicipalityGroup) {
    const confirmed = await confirm({
      title: 'Excluir grupo',
      body: `Confirma que deseja deletar o grupo ${group.nome}? ${CONFIRM_MESSAGES.irreversible}`,
      destructive: true,
    });
    if (!confirmed) return;
    setDeleting(group.grupoId);
    try {
      await deleteGroup(group.grupoId);
      notifySuccess('Grupo excluído com sucesso');
      groups.reload();
    } catch (error) {
      // 409: the group still has members or meetings, and the server says which.
      if (!isSessionExpiredError(error)) notifyError(apiErrorMessage(error, 'Não foi possível excluir o grupo.'));
    } finally {
      setDeleting(null);
    }
  }

  const columns: Array<DataColumn<MunicipalityGroup>> = [
    {
      key: 'nome',
      header: 'Grupo',
      rowHeader: true,
      cell: (g) => <AppLink to={cityHref.groupMembers(municipioId, g.grupoId)}>{g.nome}</AppLink>,
    },
    { key: 'quantidadeMembros', header: 'Membros', align: 'end', width: '7rem' },
    {
      key: 'acoes',
      header: 'Ações',
      sortable: false,
      align: 'end',
      width: '13rem',
      cell: (g) => (
        <HStack gap="2" justify="flex-end">
          <Button size="xs" variant="outline" aria-label={`Renomear grupo ${g.nome}`} onClick={() => openDialog(g)}>
            Renomear
          </Button>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`Excluir grupo ${g.nome}`}
            loading={deleting === g.grupoId}
            onClick={() => void remove(g)}
          >
            Excluir
          </Button>
        </HStack>
      ),
    },
  ];

  return (
    <Stack gap="4">
      <title>{`${title} · ${municipality.nome} · Cidade Empreendedora`}</title>
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Heading as="h2" size="xl" id={headingId}>
          {title}
        </Heading>
        <Button onClick={() => openDialog(null)}>Novo grupo</Button>
      </HStack>

      {groups.status === 'ready' && <OfflineNotice syncedAt={groups.syncedAt} refreshFailed={Boolean(groups.pullError)} />}

      {groups.status === 'error' ? (
        <HStack gap="4" wrap="wrap" py="4">
          <Text color="fg.muted">Não foi possível carregar os grupos.</Text>
          <Button variant="outline" size="sm" onClick={groups.reload}>
            Tentar novamente
          </Button>
        </HStack>
      ) : (
        <DataTable
          rows={groups.status === 'ready' ? groups.data : []}
          columns={columns}
          rowKey={(g) => g.grupoId}
          labelledBy={headingId}
          loading={groups.status === 'loading'}
          loadingText="Carregando grupos…"
          emptyText="Nenhum grupo retornado"
          defaultSort={{ key: 'nome', direction: 'asc' }}
          onRowClick={(g) => navigate(cityHref.groupMembers(municipioId, g.grupoId))}
        />
      )}

      <GroupDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        municipioId={municipioId}
        group={editing}
        onSaved={() => groups.reload()}
      />
      {confirmDialog}
    </Stack>
  );
}
