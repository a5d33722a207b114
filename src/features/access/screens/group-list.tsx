import { Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { GroupListItem } from '../../../domain/users.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { CONFIRM_MESSAGES } from '../../../domain/confirm-messages.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { AccessGate } from '../../../ui/access-gate.tsx';
import { accessData } from '../data.ts';
import { ACCESS_PATHS, groupEditHref } from '../paths.ts';
import { LoadError } from '../../../ui/list-screen.tsx';

/** /groups: the user groups of the tenant, each with its permission flags. */
export function GroupListScreen() {
  return (
    <AccessGate flag="menuGrupos">
      <GroupList />
    </AccessGate>
  );
}

function GroupList() {
  const groups = accessData.useGroups();
  const [confirm, confirmDialog] = useConfirm();
  const [deleting, setDeleting] = useState<number | null>(null);
  const headingId = useId();

  async function remove(group: GroupListItem) {
    const confirmed = await confirm({
      title: 'Excluir grupo',
      body: `Confirma que deseja deletar o grupo ${group.nome}? ${CONFIRM_MESSAGES.irreversible}`,
      destructive: true,
    });
    if (!confirmed) return;
    setDeleting(group.grupoId);
    // 409: users still belong to the group, or it is the Administrador group; the command shows the server's message.
    // The list refreshes itself after the write (the command invalidates it).
    const result = await accessData.removeGroup(group.grupoId);
    setDeleting(null);
    if (result.ok) notifySuccess('Grupo excluído com sucesso');
  }

  const columns: Array<DataColumn<GroupListItem>> = [
    { key: 'nome', header: 'Nome', rowHeader: true },
    { key: 'quantidadeUsuarios', header: 'Usuários', align: 'end', width: '7rem' },
    {
      key: 'acoes',
      header: 'Ações',
      sortable: false,
      align: 'end',
      width: '12rem',
      cell: (g) => (
        <HStack gap="2" justify="flex-end">
          <Button asChild size="xs" variant="outline">
            <RouterLink to={groupEditHref(g.grupoId)} aria-label={`Editar grupo ${g.nome}`}>
              Editar
            </RouterLink>
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
    <Stack gap="5">
      <PageTitle parts={['Grupos']} />
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Heading as="h1" size="2xl" id={headingId}>
          Grupos
        </Heading>
        <Button asChild>
          <RouterLink to={ACCESS_PATHS.groupAdd}>Novo grupo</RouterLink>
        </Button>
      </HStack>

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
          minWidth="22rem"
        />
      )}
      {confirmDialog}
    </Stack>
  );
}
