import { Button, HStack, Stack } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { MunicipalityGroup } from '../../../domain/members.ts';
import { canWriteCityGroups } from '../../../domain/permissions.ts';
import { useSession } from '../../../session/store.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { actionsColumn, ListHeading, LoadError, useRecordActions } from '../../../ui/list-screen.tsx';
import { OfflineNotice } from '../../../ui/offline-notice.tsx';
import { GroupDialog } from '../components/group-dialog.tsx';
import { municipalityGroupsData } from '../../../entities/municipality-groups/data.ts';
import { cityHref } from '../paths.ts';
import { useCity } from '../../../session/city.ts';

/** /cidade/:id/grupo: the city's working groups; open one to see its members. */
export function CityGroupsScreen() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const groups = municipalityGroupsData.useMunicipalityGroups(municipioId);
  const navigate = useNavigate();
  const session = useSession();
  // Creating, renaming and deleting follow the server's rule; the others only read and open groups.
  const writer = session.user !== null && canWriteCityGroups({ usuario: session.user, config: session.config }, municipioId);
  // A failed delete shows the server's 409: the members or meetings the group still has.
  const records = useRecordActions<MunicipalityGroup>({
    noun: 'grupo',
    nameOf: (g) => g.nome,
    idOf: (g) => g.grupoId,
    deleteById: municipalityGroupsData.deleteGroup,
    onDeleted: groups.reload,
    editText: 'Renomear',
    question: (g) => `Confirma que deseja deletar o grupo ${g.nome}?`,
  });
  const headingId = useId();
  const v = currentVocabulary();
  const title = v.cityTabs.grupo;

  const columns: Array<DataColumn<MunicipalityGroup>> = [
    {
      key: 'nome',
      header: 'Grupo',
      rowHeader: true,
      cell: (g) => <AppLink to={cityHref.groupMembers(municipioId, g.grupoId)}>{g.nome}</AppLink>,
    },
    { key: 'quantidadeMembros', header: 'Membros', align: 'end', width: '7rem' },
    ...(writer ? [actionsColumn(records.rowActions, '13rem')] : []),
  ];

  return (
    <Stack gap="4">
      <title>{`${title} · ${municipality.nome} · Cidade Empreendedora`}</title>
      <ListHeading
        title={title}
        id={headingId}
        level={2}
        action={
          <HStack gap="2" wrap="wrap">
            <Button asChild variant="outline">
              <RouterLink to={cityHref.solutions(municipioId)}>{`${v.solution.plural} e ${v.task.plural}`}</RouterLink>
            </Button>
            {writer && <Button onClick={records.openCreate}>Novo grupo</Button>}
          </HStack>
        }
      />

      {groups.status === 'ready' && <OfflineNotice syncedAt={groups.syncedAt} refreshFailed={Boolean(groups.refreshError)} />}

      {groups.status === 'error' ? (
        <LoadError message="Não foi possível carregar os grupos." onRetry={groups.reload} />
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
        open={records.dialogOpen}
        onClose={records.closeDialog}
        municipioId={municipioId}
        group={records.editing}
        onSaved={() => groups.reload()}
      />
      {records.confirmDialog}
    </Stack>
  );
}
