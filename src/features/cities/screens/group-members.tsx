import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { apiErrorMessage, isSessionExpiredError } from '../../../api/client.ts';
import { maskPhone } from '../../../domain/format.ts';
import type { Member } from '../../../domain/members.ts';
import { currentVocabulary } from '../../../session/variant.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { CONFIRM_MESSAGES } from '../../../ui/messages.ts';
import { notifyError, notifySuccess } from '../../../ui/notify.ts';
import { OfflineNotice } from '../../../ui/offline-notice.tsx';
import { MemberDialog } from '../../../ui/member-dialog.tsx';
import { deleteMember, httpStatusOf, useGroupMembers, useMunicipalityGroup, type ListedMember } from '../data.ts';
import { cityHref, parseRouteId } from '../paths.ts';
import { useCity } from '../../../session/city.ts';

const GROUP_NOT_FOUND = 'Grupo não encontrado.';

/** /cidade/:id/grupo/:grupo: the members of one working group of the city. */
export function GroupMembersScreen() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const grupoId = parseRouteId(useParams().grupo);
  const navigate = useNavigate();
  const group = useMunicipalityGroup(grupoId);
  const members = useGroupMembers(municipioId, grupoId);
  const [confirm, confirmDialog] = useConfirm();
  const [dialogOpen, setDialogOpen] = useState(false);
  // Kept while the dialog animates out, so its title does not change on close.
  const [editing, setEditing] = useState<Member | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
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

  function openDialog(member: Member | null) {
    setEditing(member);
    setDialogOpen(true);
  }

  async function remove(member: Member) {
    const confirmed = await confirm({
      title: 'Excluir membro',
      body: `Confirma que deseja excluir o membro ${member.nome}? ${CONFIRM_MESSAGES.irreversible}`,
      destructive: true,
    });
    if (!confirmed) return;
    setDeleting(member.membroId);
    try {
      await deleteMember(member.membroId);
      notifySuccess('Membro excluído com sucesso');
      members.reload();
    } catch (error) {
      if (!isSessionExpiredError(error)) notifyError(apiErrorMessage(error, 'Não foi possível excluir o membro.'));
    } finally {
      setDeleting(null);
    }
  }

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
    {
      key: 'acoes',
      header: 'Ações',
      sortable: false,
      align: 'end',
      width: '11rem',
      cell: (member) => (
        <HStack gap="2" justify="flex-end">
          <Button
            size="xs"
            variant="outline"
            aria-label={`Editar membro ${member.nome}`}
            disabled={member.pending}
            title={member.pending ? 'Aguarde o envio do cadastro para editar' : undefined}
            onClick={() => openDialog(member)}
          >
            Editar
          </Button>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`Excluir membro ${member.nome}`}
            loading={deleting === member.membroId}
            disabled={member.pending}
            onClick={() => void remove(member)}
          >
            Excluir
          </Button>
        </HStack>
      ),
    },
  ];

  return (
    <Stack gap="4">
      <title>{`${groupName ?? 'Membros'} · ${municipality.nome} · Cidade Empreendedora`}</title>
      <AppLink to={cityHref.groups(municipioId)} alignSelf="start" textStyle="sm">
        ← Voltar para {groupsLabel}
      </AppLink>
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Stack gap="0" minW="0">
          <Text textStyle="sm" color="fg.muted">
            Membros do grupo
          </Text>
          <Heading as="h2" size="xl" id={headingId} overflowWrap="anywhere">
            {groupName ?? 'Carregando grupo…'}
          </Heading>
        </Stack>
        <Button onClick={() => openDialog(null)}>Novo membro</Button>
      </HStack>

      {members.status === 'ready' && <OfflineNotice syncedAt={members.syncedAt} refreshFailed={Boolean(members.pullError)} />}

      {members.status === 'error' ? (
        <HStack gap="4" wrap="wrap" py="4">
          <Text color="fg.muted">Não foi possível carregar os membros.</Text>
          <Button variant="outline" size="sm" onClick={members.reload}>
            Tentar novamente
          </Button>
        </HStack>
      ) : (
        // The table's truncated cells keep their full text in absolutely positioned screen-reader copies;
        // without a positioned ancestor those escape the table's sideways scroll and widen the whole page at 360 px.
        // The padding leaves room for the focus ring of the scroll box.
        <Box position="relative" overflow="hidden" p="1" m="-1">
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
        </Box>
      )}

      <MemberDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        municipioId={municipioId}
        uf={municipality.uf}
        grupoId={grupoId}
        member={editing}
        onSaved={() => members.reload()}
      />
      {confirmDialog}
    </Stack>
  );
}
