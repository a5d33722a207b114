import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trail } from '../../../ui/trail.tsx';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { defaultFlags, type FlagSet } from '../../../domain/permission-flags.ts';
import { ADMIN_GROUP_NAME, type Group } from '../../../domain/users.ts';
import { getSession } from '../../../session/store.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import type { ComboOption } from '../../../ui/combo.tsx';
import { AxisCombo, MAX_AXES } from '../../../ui/entity-combos.tsx';
import { useFormSubmit, useSchemaForm } from '../../../ui/form.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { SaveButton, SubmitForm } from '../../../ui/submit-form.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { AccessGate } from '../../../ui/access-gate.tsx';
import { FlagEditor } from '../components/flag-editor.tsx';
import { ReportPicker } from '../components/report-picker.tsx';
import { useAxes } from '../../../entities/axes/data.ts';
import { accessData, httpStatusOf, refreshSession } from '../data.ts';
import { changedFlags, pickFlags } from '../flag-logic.ts';
import { groupFormSchema } from '../group-form-schema.ts';
import { ACCESS_PATHS } from '../paths.ts';
import { parseRouteId } from '../../../domain/route-params.ts';

const SAVE_FAILED = 'Não foi possível salvar o grupo. Verifique sua conexão e tente novamente.';

/** /groups/add and /groups/edit/:id. */
export function GroupFormScreen() {
  const { id } = useParams();
  return (
    <AccessGate flag="menuGrupos">
      {/* Both routes render this screen: the key gives add and each edit a fresh form. */}
      {id === undefined ? <GroupForm key="new" group={null} /> : <GroupEditLoader key={id} idParam={id} />}
    </AccessGate>
  );
}

function GroupEditLoader({ idParam }: { idParam: string }) {
  const grupoId = parseRouteId(idParam);
  const group = accessData.useGroup(grupoId);

  if (grupoId === null || (group.status === 'error' && httpStatusOf(group.error) === 404)) {
    return <Problem text="Grupo não encontrado." />;
  }
  if (group.status === 'loading' || group.status === 'idle') return <LoadingState label="Carregando grupo…" />;
  if (group.status === 'error') {
    if (group.sessionEnded) return <Problem text="Sua sessão expirou." />;
    return <Problem text="Não foi possível carregar o grupo." onRetry={group.reload} />;
  }
  return <GroupForm group={group.data} />;
}

function Problem({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <Stack gap="4" py="4" align="start" role="alert">
      <Text color="fg.muted">{text}</Text>
      <HStack gap="3" wrap="wrap">
        {onRetry && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            Tentar novamente
          </Button>
        )}
        <Button asChild variant="outline" size="sm">
          <RouterLink to={ACCESS_PATHS.groups}>Voltar para Grupos</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}

/** `group` null: a new group, starting from the catalogue defaults (spec §3). */
function GroupForm({ group }: { group: Group | null }) {
  const navigate = useNavigate();
  const isAdminGroup = group?.nome === ADMIN_GROUP_NAME;
  const [savedFlags] = useState<FlagSet>(() => (group ? pickFlags(group) : defaultFlags()));
  const [flags, setFlags] = useState<FlagSet>(savedFlags);
  const [reports, setReports] = useState<number[]>(() => [...(group?.relatorioAdm ?? [])].sort((a, b) => a - b));
  const form = useSchemaForm(groupFormSchema, {
    nome: group?.nome ?? '',
    visualizaEixosIds: group?.visualizaEixosIds ?? [],
  });
  const axes = useAxes();
  const words = currentVocabulary();
  const axisOptions = useMemo<Array<ComboOption<number>>>(() => {
    if (axes.status !== 'ready') return [];
    const options = axes.data.map((a) => ({ value: a.eixoId, label: a.nome }));
    // A stored id with no axis behind it stays visible, so it can be removed rather than silently kept.
    const known = new Set(axes.data.map((a) => a.eixoId));
    for (const id of group?.visualizaEixosIds ?? []) {
      if (!known.has(id)) options.push({ value: id, label: `${words.axis.singular} ${id} (não encontrado)` });
    }
    return options;
  }, [axes, group, words]);

  // The flags and reports are not typed fields; they join the validated text fields on submit.
  const submittable = {
    submit: () => {
      const data = form.submit();
      return data && { ...data, relatorioAdm: reports };
    },
    setErrors: form.setErrors,
  };

  const { formRef, pending, serverError, handleSubmit } = useFormSubmit(
    submittable,
    async (data) => {
      // A failure is shown on the form, which keeps what was typed.
      const saved = group
        ? // Only the flags changed here are sent, so another admin's concurrent change to other flags survives.
          await accessData.updateGroup({ grupoId: group.grupoId, ...data, ...changedFlags(savedFlags, flags) }, { inline: true })
        : await accessData.createGroup({ ...data, ...flags }, { inline: true });
      if (!saved.ok) return saved;
      notifySuccess('Grupo salvo com sucesso');
      // The menus and tabs read the session's copy of the user's own group.
      if (getSession().user?.grupo?.grupoId === saved.data.grupoId) void refreshSession();
      navigate(ACCESS_PATHS.groups);
    },
    SAVE_FAILED,
  );

  const title = group ? 'Editar grupo' : 'Novo grupo';

  return (
    <Stack gap="5">
      <PageTitle parts={[title]} />
      <Trail
        crumbs={[
          { label: 'Grupos', href: ACCESS_PATHS.groups, current: false },
          { label: group ? group.nome : title, href: '', current: true },
        ]}
      />
      <Heading as="h1" size="2xl">
        {title}
      </Heading>

      <SubmitForm formRef={formRef} serverError={serverError} handleSubmit={handleSubmit}>
        <Card.Root size={{ base: 'sm', md: 'md' }}>
          <Card.Body>
            <Stack gap="5" maxW="xl">
              <TextField
                label="Nome"
                required
                autoComplete="off"
                maxLength={200}
                readOnly={isAdminGroup}
                helperText={isAdminGroup ? 'O grupo Administrador não pode ser renomeado.' : undefined}
                {...form.field('nome')}
              />
              <AxisCombo<number>
                multiple
                name="visualizaEixosIds"
                label={`${words.axis.plural} visíveis na Sala`}
                emptyText={words.empty.axes}
                options={axisOptions}
                loading={axes.status === 'loading'}
                maxSelected={MAX_AXES}
                value={form.values.visualizaEixosIds}
                onValueChange={(ids) => form.setValue('visualizaEixosIds', ids)}
                error={form.errors.visualizaEixosIds}
                placeholder={`Selecione ${words.axis.plural.toLowerCase()}`}
                helperText={`Opcional, no máximo ${MAX_AXES}. Na Sala do Empreendedor, os usuários do grupo só excluem evidências destes ${words.axis.plural.toLowerCase()}.`}
              />
            </Stack>
          </Card.Body>
        </Card.Root>

        <Card.Root size={{ base: 'sm', md: 'md' }}>
          <Card.Header>
            <Heading as="h2" size="lg">
              Permissões
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Uma permissão só vale para os usuários do grupo se também estiver ativa em Configurações.
              {group ? '' : ' Um grupo novo começa com os valores padrão de cada permissão.'}
            </Text>
          </Card.Header>
          <Card.Body>
            <FlagEditor value={flags} onChange={setFlags} disabled={pending} />
          </Card.Body>
        </Card.Root>

        <Card.Root size={{ base: 'sm', md: 'md' }}>
          <Card.Body>
            <ReportPicker value={reports} onChange={setReports} disabled={pending} />
          </Card.Body>
        </Card.Root>

        <HStack gap="3" flexWrap="wrap">
          <SaveButton pending={pending} />
          <Button asChild variant="outline">
            <RouterLink to={ACCESS_PATHS.groups}>Cancelar</RouterLink>
          </Button>
        </HStack>
      </SubmitForm>
    </Stack>
  );
}
