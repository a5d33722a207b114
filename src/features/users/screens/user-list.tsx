import { Badge, Button, Field, HStack, Input, InputGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { maskCpf } from '../../../domain/format.ts';
import { includesText } from '../../../domain/text.ts';
import type { UserListItem } from '../../../domain/users.ts';
import { useSession } from '../../../session/store.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { GroupCombo } from '../../../ui/entity-combos.tsx';
import { SearchIcon } from '../../../ui/icons.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { NO_PERMISSION, NoPermission } from '../../../ui/access-gate.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { actionsColumn, ListHeading, LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { mayEditUser } from '../components/edit-rules.ts';
import { apiErrorMessage, httpStatusOf, users } from '../data.ts';
import { USER_PATHS, userHref } from '../paths.ts';
import { PageTitle } from '../../../ui/page-title.tsx';

type Situation = 'todos' | 'habilitados' | 'desabilitados';
const SITUATIONS: ReadonlyArray<{ value: Situation; label: string }> = [
  { value: 'todos', label: 'Todos' },
  { value: 'habilitados', label: 'Habilitados' },
  { value: 'desabilitados', label: 'Desabilitados' },
];

function situationOf(value: string | null): Situation {
  return value === 'habilitados' || value === 'desabilitados' ? value : 'todos';
}

function countLabel(shown: number, total: number): string {
  const noun = (n: number) => (n === 1 ? 'usuário' : 'usuários');
  return shown === total ? `${total} ${noun(total)}` : `${shown} de ${total} ${noun(total)}`;
}

/**
 * /usuario: every user of the tenant, filtered by name or e-mail, group and situation. The filters
 * live in the address, so coming back from a user's form finds the list as it was left.
 */
export function UserListScreen() {
  const list = users.useList();
  const groups = users.useGroups();
  const session = useSession();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [confirm, confirmDialog] = useConfirm();
  const [toggling, setToggling] = useState<number | null>(null);
  const headingId = useId();

  const query = params.get('busca') ?? '';
  const deferredQuery = useDeferredValue(query);
  const groupParam = Number(params.get('grupo'));
  const grupoId = Number.isInteger(groupParam) && groupParam > 0 ? groupParam : null;
  const situation = situationOf(params.get('situacao'));

  function setFilter(key: 'busca' | 'grupo' | 'situacao', value: string | null) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '' || (key === 'situacao' && value === 'todos')) next.delete(key);
        else next.set(key, value);
        return next;
      },
      // Each keystroke is not a step the back button should walk through.
      { replace: true },
    );
  }

  const all = useMemo(() => (list.status === 'ready' ? list.data : []), [list]);
  const visible = useMemo(
    () =>
      all.filter(
        (u) =>
          (includesText(u.nome, deferredQuery) || includesText(u.email, deferredQuery)) &&
          (grupoId === null || u.grupoId === grupoId) &&
          (situation === 'todos' || u.habilitado === (situation === 'habilitados')),
      ),
    [all, deferredQuery, grupoId, situation],
  );

  const groupOptions = useMemo(
    () => (groups.status === 'ready' ? groups.data.map((g) => ({ value: g.grupoId, label: g.nome })) : []),
    [groups],
  );

  const me = session.user;

  async function toggle(user: UserListItem) {
    const enabling = !user.habilitado;
    const confirmed = await confirm(
      enabling
        ? {
            title: 'Habilitar usuário',
            body: `Confirma que deseja habilitar o usuário ${user.nome}? Ele volta a poder entrar no sistema.`,
          }
        : {
            title: 'Desabilitar usuário',
            body: `Confirma que deseja desabilitar o usuário ${user.nome}? Ele não poderá mais entrar no sistema e deixará de aparecer nas listas de consultores.`,
            destructive: true,
          },
    );
    if (!confirmed) return;
    setToggling(user.usuarioId);
    // The list refreshes itself after the write (the command invalidates it); a failure is already shown.
    const result = await users.setEnabled(
      { usuarioId: user.usuarioId, habilitado: enabling },
      { failure: { message: enabling ? 'Não foi possível habilitar o usuário.' : 'Não foi possível desabilitar o usuário.' } },
    );
    setToggling(null);
    if (result.ok) notifySuccess(enabling ? 'Usuário habilitado com sucesso' : 'Usuário desabilitado com sucesso');
  }

  // Rebuilt each render on purpose: the action cells read `toggling` and the signed-in user.
  const columns: Array<DataColumn<UserListItem>> = [
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 40 },
    { key: 'email', header: 'E-mail', truncate: 32 },
    { key: 'cpf', header: 'CPF', format: (value) => maskCpf(String(value)), width: '9.5rem' },
    { key: 'grupoNome', header: 'Grupo', truncate: 24 },
    {
      key: 'habilitado',
      header: 'Situação',
      cardPriority: 1,
      value: (u) => (u.habilitado ? 'Habilitado' : 'Desabilitado'),
      width: '9rem',
      cell: (u) => (
        <Stack gap="1" align="start">
          <Badge colorPalette={u.habilitado ? 'green' : 'red'} variant="subtle">
            {u.habilitado ? 'Habilitado' : 'Desabilitado'}
          </Badge>
          {!u.senhaDefinida && (
            <Text as="span" textStyle="xs" color="fg.muted">
              Sem senha (primeiro acesso)
            </Text>
          )}
        </Stack>
      ),
    },
    actionsColumn((u) => {
      // The server refuses these; offering them would only lead to an error.
      const canToggle = me !== null && u.usuarioId !== me.usuarioId && mayEditUser(me, u);
      return (
        <HStack gap="2" justify="flex-end">
          <Button asChild size="xs" variant="outline">
            <RouterLink to={userHref.edit(u.usuarioId)} state={{ listSearch: location.search }} aria-label={`Editar usuário ${u.nome}`}>
              Editar
            </RouterLink>
          </Button>
          {canToggle && (
            <Button
              size="xs"
              variant="outline"
              colorPalette={u.habilitado ? 'red' : 'green'}
              minW="6.5rem"
              aria-label={`${u.habilitado ? 'Desabilitar' : 'Habilitar'} usuário ${u.nome}`}
              loading={toggling === u.usuarioId}
              onClick={() => void toggle(u)}
            >
              {u.habilitado ? 'Desabilitar' : 'Habilitar'}
            </Button>
          )}
        </HStack>
      );
    }, '12rem'),
  ];

  return (
    <Stack gap="5">
      <PageTitle parts={['Usuários']} />
      <ListHeading
        title="Usuários"
        id={headingId}
        level={1}
        action={
          <Button asChild>
            <RouterLink to={USER_PATHS.create} state={{ listSearch: location.search }}>
              Novo usuário
            </RouterLink>
          </Button>
        }
      />

      <SimpleGrid role="search" columns={{ base: 1, md: 3 }} gap="4" aria-label="Filtros de usuários">
        <Field.Root>
          <Field.Label>Buscar por nome ou e-mail</Field.Label>
          <InputGroup startElement={<SearchIcon color="fg.muted" />}>
            <Input
              type="search"
              name="busca"
              autoComplete="off"
              value={query}
              onChange={(event) => setFilter('busca', event.target.value)}
            />
          </InputGroup>
        </Field.Root>
        <GroupCombo
          options={groupOptions}
          value={grupoId}
          onValueChange={(value) => setFilter('grupo', value === null ? null : String(value))}
          loading={groups.status === 'loading'}
          placeholder="Todos os grupos"
        />
        <SelectField<Situation>
          label="Situação"
          name="situacao"
          options={SITUATIONS}
          value={situation}
          onValueChange={(value) => setFilter('situacao', value)}
        />
      </SimpleGrid>

      {list.status === 'error' ? (
        httpStatusOf(list.error) === 403 ? (
          <NoPermission message={apiErrorMessage(list.error, NO_PERMISSION)} />
        ) : (
          <LoadError message={apiErrorMessage(list.error, 'Não foi possível carregar os usuários.')} onRetry={list.reload} />
        )
      ) : (
        <Stack gap="3">
          <Text color="fg.muted" fontSize="sm" aria-live="polite">
            {list.status === 'ready' ? countLabel(visible.length, all.length) : '\u00a0'}
          </Text>
          <TableClip>
            <DataTable
              rows={visible}
              columns={columns}
              rowKey={(u) => u.usuarioId}
              labelledBy={headingId}
              loading={list.status === 'loading'}
              loadingText="Carregando usuários…"
              emptyText="Nenhum usuário retornado"
              defaultSort={{ key: 'nome', direction: 'asc' }}
              minWidth="58rem"
            />
          </TableClip>
        </Stack>
      )}
      {confirmDialog}
    </Stack>
  );
}
