import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { maskPhone } from '../../../domain/format.ts';
import type { Member } from '../../../domain/members.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { actionsColumn, ListHeading, LoadError, TableClip, useRecordActions } from '../../../ui/list-screen.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { OfflineNotice } from '../../../ui/offline-notice.tsx';
import { MemberDialog } from '../../../entities/members/member-dialog.tsx';
import { municipalityGroupsData } from '../../../entities/municipality-groups/data.ts';
import { membersData, type ListedMember } from '../../../entities/members/data.ts';
import { apiErrorMessage, httpStatusOf } from '../data.ts';
import { cityHref } from '../paths.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { useCity } from '../../../session/city.ts';

const GROUP_NOT_FOUND = 'Grupo não encontrado.';

/** /cidade/:id/grupo/:grupo: the members of one working group of the city. */
export function GroupMembersScreen() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const grupoId = parseRouteId(useParams().grupo);
  const navigate = useNavigate();
  const group = municipalityGroupsData.useMunicipalityGroup(grupoId);
  const members = membersData.useGroupMembers(municipioId, grupoId);
  const records = useRecordActions<ListedMember>({
    noun: 'membro',
    nameOf: (m) => m.nome,
    idOf: (m) => m.membroId,
    deleteById: membersData.deleteMember,
    onDeleted: members.reload,
    lockedReason: (m) => (m.pending ? 'Aguarde o envio do cadastro para editar' : undefined),
  });
  const headingId = useId();
  const groupsLabel = currentVocabulary().cityTabs.grupo;

  // A group of another city (or none) is answered like a missing one: notify once and go back to the list.
  const missing =
    grupoId === null ||
    (group.status === 'error' && httpStatusOf(group.error) === 404) ||
    (group.status === 'ready' && group.data.municipioId !== municipioId);
  const left = useRef(false);
  useEffect(() => {
    if (!missing || left.current) return;
    left.current = true;
    notifyError(group.status === 'error' ? apiErrorMessage(group.error, GROUP_NOT_FOUND) : GROUP_NOT_FOUND);
    navigate(cityHref.groups(municipioId), { replace: true });
  }, [missing, group, navigate, municipioId]);

  if (missing || grupoId === null) return null;

  const groupName = group.status === 'ready' ? group.data.nome : null;

  const isLeader = (member: Member) => member.membroGrupos.some((link) => link.grupoId === grupoId && link.lider);

  const columns: Array<DataColumn<ListedMember>> = [
    {
      key: 'nome',
      header: 'Nome',
      rowHeader: true,
      cell: (member) => (
        <HStack gap="2" wrap="wrap">
          <Text as="span">{member.nome}</Text>
          {member.pending && (
            <Badge colorPalette="orange" variant="subtle" title="Salvo neste aparelho; será enviado ao servidor">
              pendente
            </Badge>
          )}
        </HStack>
      ),
    },
    // Long e-mails, job titles and agency names would push the actions out of view; the tooltip has the whole text.
    { key: 'email', header: 'E-mail', truncate: 32 },
    { key: 'telefone', header: 'Telefone', format: (value) => maskPhone(String(value)), width: '10rem' },
    { key: 'cargo', header: 'Cargo', truncate: 28 },
    { key: 'orgao', header: 'Órgão', truncate: 28 },
    { key: 'lider', header: 'Líder', value: isLeader, width: '5rem' },
    actionsColumn(records.rowActions),
  ];

  return (
    <Stack gap="4">
      <title>{`${groupName ?? 'Membros'} · ${municipality.nome} · Cidade Empreendedora`}</title>
      <AppLink to={cityHref.groups(municipioId)} alignSelf="start" textStyle="sm">
        ← Voltar para {groupsLabel}
      </AppLink>
      <ListHeading
        kicker="Membros do grupo"
        title={groupName ?? 'Carregando grupo…'}
        id={headingId}
        level={2}
        action={<Button onClick={records.openCreate}>Novo membro</Button>}
      />

      {members.status === 'ready' && <OfflineNotice syncedAt={members.syncedAt} refreshFailed={Boolean(members.refreshError)} />}

      {members.status === 'error' ? (
        <LoadError message="Não foi possível carregar os membros." onRetry={members.reload} />
      ) : (
        <TableClip>
          <DataTable
            rows={members.status === 'ready' ? members.data : []}
            columns={columns}
            rowKey={(member) => member.membroId}
            label={groupName ? `Membros do grupo ${groupName}` : 'Membros do grupo'}
            loading={members.status === 'loading'}
            loadingText="Carregando membros…"
            emptyText="Nenhum membro retornado"
            defaultSort={{ key: 'nome', direction: 'asc' }}
            minWidth="56rem"
          />
        </TableClip>
      )}

      <MemberDialog
        open={records.dialogOpen}
        onClose={records.closeDialog}
        municipioId={municipioId}
        uf={municipality.uf}
        grupoId={grupoId}
        member={records.editing}
        onSaved={() => members.reload()}
      />
      {records.confirmDialog}
    </Stack>
  );
}
