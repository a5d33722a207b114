import { Alert, Button, Card, Heading, HStack, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { Trail } from '../../../ui/trail.tsx';
import { useId, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import type { Axis } from '../../../domain/axes.ts';
import { maskCpf, maskPhone } from '../../../domain/format.ts';
import { isAdmin } from '../../../domain/permissions.ts';
import { compareText } from '../../../domain/text.ts';
import type { SessionUser } from '../../../domain/session.ts';
import { ADMIN_GROUP_NAME, idSchema, userInputSchema, type GroupListItem, type UserDetail, type UserInput } from '../../../domain/users.ts';
import { useSession } from '../../../session/store.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import type { ComboOption } from '../../../ui/combo.tsx';
import { CityCombo, GroupCombo } from '../../../ui/entity-combos.tsx';
import { useFormSubmit, useSchemaForm } from '../../../ui/form.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { MaskedInput } from '../../../ui/masked-input.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { NO_PERMISSION, NoPermission } from '../../../ui/access-gate.tsx';
import { mayEditUser } from '../components/edit-rules.ts';
import { PermissionList } from '../components/permission-list.tsx';
import { emptyRow, permissionRowsSchema, rowErrors, rowsFromUser, toPermissionInput } from '../components/permission-rows.ts';
import { useAxes } from '../../../entities/axes/data.ts';
import { apiErrorMessage, httpStatusOf, useMunicipalityNames, users, type MunicipalityName } from '../data.ts';
import { USER_PATHS } from '../paths.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { PageTitle } from '../../../ui/page-title.tsx';

const NOT_FOUND = 'Usuário não encontrado.';
const SAVE_FAILED = 'Não foi possível salvar o usuário. Verifique sua conexão e tente novamente.';

/**
 * The shared user schema for the person's own fields; the lists take the shape the form edits
 * (rows may be incomplete until submit) and become the API's shape on submit.
 */
const userFormSchema = userInputSchema.omit({ administradorSistema: true, permissoes: true, permissoesSolucoes: true }).extend({
  habilitado: z.boolean(),
  permissoes: permissionRowsSchema,
  permissoesSolucoes: z.array(idSchema),
});
type UserFormOutput = z.output<typeof userFormSchema>;

function toUserInput(data: UserFormOutput): UserInput {
  return {
    nome: data.nome,
    email: data.email,
    cpf: data.cpf ?? null,
    telefone: data.telefone ?? null,
    grupoId: data.grupoId ?? null,
    habilitado: data.habilitado,
    permissoes: toPermissionInput(data.permissoes),
    permissoesSolucoes: data.permissoesSolucoes.map((municipioId) => ({ municipioId })),
  };
}

type ListState = { listSearch?: unknown } | null;

/** /usuario/novo and /usuario/editar/:id. */
export function UserFormScreen() {
  const params = useParams();
  const editing = params.id !== undefined;
  const usuarioId = editing ? parseRouteId(params.id) : null;
  const detail = users.useOne(usuarioId);
  const location = useLocation();
  const state = location.state as ListState;
  // Back to the list as it was left (its filters live in the address).
  const listHref = USER_PATHS.list + (typeof state?.listSearch === 'string' ? state.listSearch : '');

  if (editing) {
    if (usuarioId === null || (detail.status === 'error' && httpStatusOf(detail.error) === 404)) {
      return <LoadProblem listHref={listHref} message={NOT_FOUND} />;
    }
    if (detail.status === 'error') {
      if (httpStatusOf(detail.error) === 403) return <NoPermission message={apiErrorMessage(detail.error, NO_PERMISSION)} />;
      const expired = detail.sessionEnded;
      return (
        <LoadProblem
          listHref={listHref}
          message={expired ? 'Sua sessão expirou.' : apiErrorMessage(detail.error, 'Não foi possível carregar o usuário.')}
          onRetry={expired ? undefined : detail.reload}
        />
      );
    }
    if (detail.status === 'loading') return <LoadingState label="Carregando usuário…" />;
  }

  const user = editing && detail.status === 'ready' ? detail.data : null;
  // A new key when the route switches between users (or to "novo") starts the form afresh.
  return <UserForm key={user?.usuarioId ?? 'novo'} user={user} listHref={listHref} />;
}

function LoadProblem({ listHref, message, onRetry }: { listHref: string; message: string; onRetry?: (() => void) | undefined }) {
  return (
    <Stack gap="4" py="4" align="start" role="alert">
      <PageTitle parts={['Usuários']} />
      <Text color="fg.muted">{message}</Text>
      <HStack gap="3" wrap="wrap">
        {onRetry && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            Tentar novamente
          </Button>
        )}
        <AppLink to={listHref}>Voltar para Usuários</AppLink>
      </HStack>
    </Stack>
  );
}

function groupOptionsFor(groups: readonly GroupListItem[], me: SessionUser | null): Array<ComboOption<number>> {
  // Only admins may put someone in the Administrador group (the server refuses it otherwise).
  const mayGrantAdmin = me !== null && isAdmin(me);
  return groups.map((g) => ({ value: g.grupoId, label: g.nome, disabled: g.nome === ADMIN_GROUP_NAME && !mayGrantAdmin }));
}

/**
 * The user's stored municipalities are offered even when the signed-in user cannot see them, so
 * every chosen value keeps its name.
 */
function municipalityOptionsFor(names: readonly MunicipalityName[], user: UserDetail | null): Array<ComboOption<number>> {
  const byId = new Map<number, string>(names.map((m) => [m.municipioId, m.nome]));
  for (const p of user?.permissoes ?? []) if (p.municipioId !== null && p.municipioNome) byId.set(p.municipioId, p.municipioNome);
  for (const p of user?.permissoesSolucoes ?? []) byId.set(p.municipioId, p.municipioNome);
  return [...byId].map(([value, label]) => ({ value, label }));
}

/** Like the municipalities: the axes of the user's stored permissions keep their names while the list loads. */
function axisOptionsFor(axes: readonly Axis[], user: UserDetail | null): Array<ComboOption<number>> {
  const byId = new Map<number, string>();
  for (const p of user?.permissoes ?? []) if (p.eixoId !== null && p.eixoNome) byId.set(p.eixoId, p.eixoNome);
  for (const a of axes) byId.set(a.eixoId, a.nome);
  return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => compareText(a.label, b.label));
}

function UserForm({ user, listHref }: { user: UserDetail | null; listHref: string }) {
  const navigate = useNavigate();
  const session = useSession();
  const me = session.user;
  const groups = users.useGroups();
  const municipalities = useMunicipalityNames();
  const axes = useAxes();
  const words = currentVocabulary();
  const editingSelf = user !== null && me !== null && user.usuarioId === me.usuarioId;
  const readOnly = user !== null && me !== null && !mayEditUser(me, user);
  const enabledHelpId = useId();

  const form = useSchemaForm(userFormSchema, {
    nome: user?.nome ?? '',
    email: user?.email ?? '',
    cpf: user?.cpf ? maskCpf(user.cpf) : '',
    telefone: user?.telefone ? maskPhone(user.telefone) : '',
    grupoId: user?.grupoId ?? null,
    habilitado: user?.habilitado ?? true,
    // A new user usually needs a role somewhere: one empty row saves a click.
    permissoes: user ? rowsFromUser(user) : [emptyRow()],
    permissoesSolucoes: user?.permissoesSolucoes.map((p) => p.municipioId) ?? [],
  });

  const { formRef, pending, serverError, handleSubmit } = useFormSubmit(
    form,
    async (data) => {
      const body = toUserInput(data);
      // A failure is shown on the form, which keeps what was typed.
      const saved = user
        ? await users.update({ usuarioId: user.usuarioId, ...body }, { inline: true })
        : await users.create(body, { inline: true });
      if (!saved.ok) return saved;
      notifySuccess(user ? 'Usuário atualizado com sucesso' : 'Usuário cadastrado com sucesso');
      navigate(listHref);
    },
    SAVE_FAILED,
  );

  const groupOptions = useMemo(() => (groups.status === 'ready' ? groupOptionsFor(groups.data, me) : []), [groups, me]);
  const municipalityOptions = useMemo(
    () => municipalityOptionsFor(municipalities.status === 'ready' ? municipalities.data : [], user),
    [municipalities, user],
  );
  const axisOptions = useMemo(() => axisOptionsFor(axes.status === 'ready' ? axes.data : [], user), [axes, user]);
  // Row messages appear once the form-level check has failed on the list, and clear as rows are fixed.
  const permissionErrors = form.errors.permissoes ? rowErrors(form.values.permissoes) : form.values.permissoes.map(() => ({}));

  const title = user ? 'Editar usuário' : 'Novo usuário';
  const text = <F extends 'cpf' | 'telefone'>(name: F) => {
    const field = form.field(name);
    return { ...field, value: field.value ?? '' };
  };

  return (
    <Stack gap="5" maxW="4xl">
      <PageTitle parts={[title]} />
      <Trail
        crumbs={[
          { label: 'Início', href: '/cidade', current: false },
          { label: 'Usuários', href: listHref, current: false },
          { label: user ? user.nome : 'Novo usuário', href: '', current: true },
        ]}
      />

      <Heading as="h1" size="2xl" overflowWrap="anywhere">
        {title}
      </Heading>

      {!user && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              O usuário é cadastrado sem senha. Para entrar, ele cria a própria senha em <strong>Primeiro acesso</strong>, na tela de login,
              com o e-mail informado aqui.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {user && !user.senhaDefinida && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              Este usuário ainda não criou a senha. Ele a cria em <strong>Primeiro acesso</strong>, na tela de login.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {readOnly && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              {user?.administradorSistema
                ? 'Somente o administrador do sistema pode alterar este usuário.'
                : 'Somente administradores podem alterar usuários do grupo Administrador.'}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      <form ref={formRef} noValidate onSubmit={handleSubmit}>
        <Stack gap="5">
          {serverError && <ServerAlert status="error">{serverError}</ServerAlert>}

          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                Dados do usuário
              </Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="4">
                <TextField label="Nome" required autoComplete="off" maxLength={200} disabled={readOnly} {...form.field('nome')} />
                <TextField
                  label="E-mail"
                  required
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  maxLength={254}
                  disabled={readOnly}
                  {...form.field('email')}
                />
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                  <MaskedInput
                    label="CPF (opcional)"
                    mask={maskCpf}
                    numeric
                    placeholder="000.000.000-00"
                    disabled={readOnly}
                    {...text('cpf')}
                  />
                  <MaskedInput
                    label="Telefone (opcional)"
                    mask={maskPhone}
                    numeric
                    type="tel"
                    placeholder="(00) 00000-0000"
                    disabled={readOnly}
                    {...text('telefone')}
                  />
                </SimpleGrid>
                <GroupCombo
                  label="Grupo (opcional)"
                  options={groupOptions}
                  loading={groups.status === 'loading'}
                  value={form.values.grupoId ?? null}
                  onValueChange={(grupoId) => form.setValue('grupoId', grupoId)}
                  error={form.errors.grupoId}
                  helperText="O grupo define os menus e as ações liberadas para o usuário."
                  disabled={readOnly}
                />
                <Stack gap="1">
                  <Switch.Root
                    checked={form.values.habilitado}
                    onCheckedChange={(details) => form.setValue('habilitado', details.checked)}
                    disabled={readOnly || editingSelf}
                    name="habilitado"
                  >
                    {/* A native checkbox underneath; announced as the on/off switch it looks like. */}
                    <Switch.HiddenInput role="switch" aria-describedby={enabledHelpId} />
                    <Switch.Control />
                    <Switch.Label>Habilitado</Switch.Label>
                  </Switch.Root>
                  <Text id={enabledHelpId} textStyle="xs" color="fg.muted">
                    {editingSelf
                      ? 'Você não pode desabilitar o próprio usuário.'
                      : 'Um usuário desabilitado não entra no sistema e não aparece nas listas de consultores.'}
                  </Text>
                </Stack>
              </Stack>
            </Card.Body>
          </Card.Root>

          <Card.Root>
            <Card.Body>
              <Stack gap="6">
                <PermissionList
                  rows={form.values.permissoes}
                  onChange={(rows) => form.setValue('permissoes', rows)}
                  municipalityOptions={municipalityOptions}
                  municipalitiesLoading={municipalities.status === 'loading'}
                  axisOptions={axisOptions}
                  errors={permissionErrors}
                  listError={form.errors.permissoes}
                  disabled={readOnly}
                />
                <CityCombo<number>
                  multiple
                  label={`Permissões de ${words.solution.plural.toLowerCase()}`}
                  options={municipalityOptions}
                  loading={municipalities.status === 'loading'}
                  value={form.values.permissoesSolucoes}
                  onValueChange={(ids) => form.setValue('permissoesSolucoes', ids)}
                  error={form.errors.permissoesSolucoes}
                  helperText={`${words.municipality.plural} em que o usuário trabalha com ${words.solution.plural.toLowerCase()}.`}
                  placeholder={`Selecione ${words.municipality.plural.toLowerCase()}`}
                  disabled={readOnly}
                />
              </Stack>
            </Card.Body>
          </Card.Root>

          <HStack gap="3" flexWrap="wrap">
            {!readOnly && (
              <Button type="submit" loading={pending} loadingText="Salvando…">
                {user ? 'Salvar alterações' : 'Cadastrar usuário'}
              </Button>
            )}
            <Button variant="outline" onClick={() => navigate(listHref)} disabled={pending}>
              {readOnly ? 'Voltar' : 'Cancelar'}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}
