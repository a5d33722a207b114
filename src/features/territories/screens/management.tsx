import { Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import { formatDate } from '../../../domain/format.ts';
import {
  TERRITORY_MENU_FLAG,
  territoryInputSchema,
  VISIT_STATUS_LABELS,
  VISIT_STATUSES,
  type Territory,
  type TerritoryOptions,
  type TerritoryValues,
  type VisitFilter,
  type VisitStatus,
} from '../../../domain/territories.ts';
import { VisitStatusBadge } from '../../../entities/territories/visit-status.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { AccessGate } from '../../../ui/access-gate.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { DateField } from '../../../ui/date-field.tsx';
import { useFormSubmit, useSchemaForm } from '../../../ui/form.ts';
import { LoadError } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { NavTabs } from '../../../ui/nav-tabs.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { TextAreaField, TextField } from '../../../ui/text-field.tsx';
import { territoryManagement as data } from '../data.ts';

const TABS = [
  { id: 'territorios', label: 'Territórios' },
  { id: 'agentes', label: 'Agentes' },
  { id: 'visitas', label: 'Visitas' },
] as const;
type TabId = (typeof TABS)[number]['id'];
const tabHref = (tab: TabId) => `/gestao-territorios/${tab}`;

/**
 * Gestão de Territórios (issue 31): /gestao-territorios/{tab} with the tabs territorios, agentes and
 * visitas; the actions at /gestao-territorios/territorios/{id}/{acao}: `novo` (id 0) and `editar`.
 */
export function TerritoryManagementScreen() {
  const { tab, id, acao } = useParams();
  if (!TABS.some((t) => t.id === tab)) return <Navigate to={tabHref('territorios')} replace />;
  return (
    <AccessGate flag={TERRITORY_MENU_FLAG}>
      <Stack gap="4">
        <PageTitle parts={['Gestão de Territórios']} />
        <Heading as="h1" size="2xl">
          Gestão de Territórios
        </Heading>
        <NavTabs
          label="Seções da gestão de territórios"
          active={tab ?? null}
          tabs={TABS.map((t) => ({ id: t.id, label: t.label, href: tabHref(t.id) }))}
        />
        {tab === 'territorios' && (acao === 'novo' || acao === 'editar') ? (
          <TerritoryFormPage id={acao === 'novo' ? null : Number(id)} />
        ) : tab === 'territorios' ? (
          <TerritoriesTab />
        ) : tab === 'agentes' ? (
          <AgentsTab />
        ) : (
          <VisitsTab />
        )}
      </Stack>
    </AccessGate>
  );
}

function Loaded<T>({ q, children }: { q: ReturnType<typeof data.useTerritories> | { status: string }; children: (d: T) => ReactNode }) {
  if (q.status === 'error')
    return <LoadError message="Não foi possível carregar os dados." onRetry={() => (q as { reload?: () => void }).reload?.()} />;
  if (q.status !== 'ready') return <LoadingState />;
  return children((q as unknown as { data: T }).data);
}

function TerritoriesTab() {
  const list = data.useTerritories();
  const [confirm, confirmDialog] = useConfirm();
  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg">
          Territórios
        </Heading>
        <Button asChild>
          <RouterLink to="/gestao-territorios/territorios/0/novo">Novo território</RouterLink>
        </Button>
      </HStack>
      <Loaded<Territory[]> q={list}>
        {(rows) =>
          rows.length === 0 ? (
            <Text>Nenhum território cadastrado.</Text>
          ) : (
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2 }} gap="3">
              {rows.map((t) => (
                <Card.Root as="li" key={t.territorioId} size="sm">
                  <Card.Body>
                    <Stack gap="1">
                      <Heading as="h3" size="md">
                        {t.nome}
                      </Heading>
                      <Text textStyle="sm">
                        {t.uf} · {t.unidadeRegional ?? 'Sem unidade regional'}
                      </Text>
                      <Text textStyle="sm">Municípios: {t.municipios.map((m) => m.nome).join(', ') || '—'}</Text>
                      <Text textStyle="sm">Agentes: {t.agentes.map((a) => a.nome).join(', ') || '—'}</Text>
                      <HStack gap="2" pt="2">
                        <Button asChild size="xs" variant="outline">
                          <RouterLink to={`/gestao-territorios/territorios/${t.territorioId}/editar`} aria-label={`Editar ${t.nome}`}>
                            Editar
                          </RouterLink>
                        </Button>
                        <Button asChild size="xs" variant="outline">
                          <RouterLink to={`/gestao-territorios/visitas?territorioId=${t.territorioId}`} aria-label={`Visitas de ${t.nome}`}>
                            Visitas
                          </RouterLink>
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="red"
                          aria-label={`Excluir ${t.nome}`}
                          onClick={async () => {
                            if (
                              !(await confirm({
                                title: 'Excluir território',
                                body: `Excluir o território ${t.nome}? As visitas ficam, sem território.`,
                                confirmLabel: 'Sim',
                                cancelLabel: 'Não',
                                destructive: true,
                              }))
                            )
                              return;
                            const result = await data.remove(t.territorioId);
                            if (result.ok) notifySuccess('Território excluído.');
                          }}
                        >
                          Excluir
                        </Button>
                      </HStack>
                    </Stack>
                  </Card.Body>
                </Card.Root>
              ))}
            </SimpleGrid>
          )
        }
      </Loaded>
      {confirmDialog}
    </Stack>
  );
}

function AgentsTab() {
  const list = data.useTerritories();
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        Agentes por território
      </Heading>
      <Loaded<Territory[]> q={list}>
        {(rows) => {
          const pairs = rows.flatMap((t) => t.agentes.map((a) => ({ ...a, territorio: t.nome, territorioId: t.territorioId })));
          if (pairs.length === 0) return <Text>Nenhum agente atribuído.</Text>;
          return (
            <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label="Agentes por território">
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Agente</Table.ColumnHeader>
                    <Table.ColumnHeader>Território</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {pairs.map((p) => (
                    <Table.Row key={`${p.territorioId}-${p.usuarioId}`}>
                      <Table.Cell>{p.nome}</Table.Cell>
                      <Table.Cell>{p.territorio}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          );
        }}
      </Loaded>
    </Stack>
  );
}

function VisitsTab() {
  const params = new URLSearchParams(window.location.search);
  const initialTerritory = params.get('territorioId');
  const [draft, setDraft] = useState<{ territorioId: string; usuarioId: string; status: VisitStatus | ''; de: string; ate: string }>({
    territorioId: initialTerritory ?? '',
    usuarioId: '',
    status: '',
    de: '',
    ate: '',
  });
  const [filter, setFilter] = useState<VisitFilter>(initialTerritory ? { territorioId: Number(initialTerritory) } : {});
  const territories = data.useTerritories();
  const list = data.useVisits(filter);
  const territoryRows = territories.status === 'ready' ? territories.data : [];
  const agents = [...new Map(territoryRows.flatMap((t) => t.agentes).map((a) => [a.usuarioId, a])).values()];
  const periodError = draft.de && draft.ate && draft.de > draft.ate ? 'A data final deve ser igual ou posterior à inicial' : undefined;
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        Visitas
      </Heading>
      <Box
        as="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (periodError) return;
          setFilter({
            ...(draft.territorioId ? { territorioId: Number(draft.territorioId) } : {}),
            ...(draft.usuarioId ? { usuarioId: Number(draft.usuarioId) } : {}),
            ...(draft.status ? { status: draft.status } : {}),
            ...(draft.de ? { de: draft.de } : {}),
            ...(draft.ate ? { ate: draft.ate } : {}),
          });
        }}
      >
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <SelectField
            label="Território"
            placeholder="Todos"
            options={territoryRows.map((t) => ({ value: String(t.territorioId), label: t.nome }))}
            value={draft.territorioId}
            onValueChange={(value) => setDraft({ ...draft, territorioId: value })}
          />
          <SelectField
            label="Agente"
            placeholder="Todos"
            options={agents.map((a) => ({ value: String(a.usuarioId), label: a.nome }))}
            value={draft.usuarioId}
            onValueChange={(value) => setDraft({ ...draft, usuarioId: value })}
          />
          <SelectField
            label="Situação"
            placeholder="Todas"
            options={VISIT_STATUSES.map((s) => ({ value: s, label: VISIT_STATUS_LABELS[s] }))}
            value={draft.status}
            onValueChange={(value) => setDraft({ ...draft, status: value })}
          />
          <DateField label="Data inicial" value={draft.de} onValueChange={(value) => setDraft({ ...draft, de: value })} />
          <DateField
            label="Data final"
            value={draft.ate}
            onValueChange={(value) => setDraft({ ...draft, ate: value })}
            error={periodError}
          />
        </SimpleGrid>
        <HStack mt="3" gap="2">
          <Button type="submit">Pesquisar</Button>
          <Button
            variant="outline"
            onClick={() => {
              setDraft({ territorioId: '', usuarioId: '', status: '', de: '', ate: '' });
              setFilter({});
            }}
          >
            Limpar filtros
          </Button>
        </HStack>
      </Box>
      {list.status === 'error' && <LoadError message="Não foi possível carregar as visitas." onRetry={() => setFilter({ ...filter })} />}
      {list.status !== 'ready' && list.status !== 'error' && <LoadingState />}
      {list.status === 'ready' && list.data.length === 0 && <Text>Nenhuma visita encontrada.</Text>}
      {list.status === 'ready' && list.data.length > 0 && (
        <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label="Visitas encontradas">
          <Table.Root size="sm" aria-label="Visitas">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Município</Table.ColumnHeader>
                <Table.ColumnHeader>Agente</Table.ColumnHeader>
                <Table.ColumnHeader>Território</Table.ColumnHeader>
                <Table.ColumnHeader>Prevista</Table.ColumnHeader>
                <Table.ColumnHeader>Realizada</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Horas</Table.ColumnHeader>
                <Table.ColumnHeader>Situação</Table.ColumnHeader>
                <Table.ColumnHeader>Relatório</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.map((v) => (
                <Table.Row key={v.visitaId}>
                  <Table.Cell>{v.municipio}</Table.Cell>
                  <Table.Cell>{v.agente}</Table.Cell>
                  <Table.Cell>{v.territorio ?? '—'}</Table.Cell>
                  <Table.Cell>{formatDate(v.dataPrevista)}</Table.Cell>
                  <Table.Cell>{v.dataRealizada ? formatDate(v.dataRealizada) : '—'}</Table.Cell>
                  <Table.Cell textAlign="end">{String(v.horas).replace('.', ',')}</Table.Cell>
                  <Table.Cell>
                    <VisitStatusBadge status={v.status} />
                  </Table.Cell>
                  <Table.Cell>{v.relatorio ?? '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

function TerritoryFormPage({ id }: { id: number | null }) {
  const list = data.useTerritories();
  const options = data.useOptions();
  if (list.status === 'error' || options.status === 'error')
    return <LoadError message="Não foi possível carregar o território." onRetry={() => list.status === 'error' && list.reload?.()} />;
  if (list.status !== 'ready' || options.status !== 'ready' || list.refreshing) return <LoadingState />;
  const territory = id === null ? null : (list.data.find((t) => t.territorioId === id) ?? null);
  if (id !== null && !territory) return <Text role="alert">Território não encontrado.</Text>;
  return <TerritoryForm territory={territory} options={options.data} />;
}

function TerritoryForm({ territory, options }: { territory: Territory | null; options: TerritoryOptions }) {
  const navigate = useNavigate();
  const form = useSchemaForm(territoryInputSchema, {
    nome: territory?.nome ?? '',
    uf: territory?.uf ?? options.municipios[0]?.uf ?? '',
    unidadeRegionalId: territory?.unidadeRegionalId ?? null,
    descricao: territory?.descricao ?? '',
    municipioIds: territory?.municipios.map((m) => m.municipioId) ?? [],
    usuarioIds: territory?.agentes.map((a) => a.usuarioId) ?? [],
  });
  const { formRef, pending, serverError, handleSubmit } = useFormSubmit(
    form,
    async (values: TerritoryValues) => {
      const result = await data.save({ id: territory?.territorioId ?? null, values }, { inline: true });
      if (!result.ok) return result;
      notifySuccess(territory ? 'Território alterado.' : 'Território cadastrado.');
      navigate('/gestao-territorios/territorios');
    },
    'Não foi possível salvar o território.',
  );
  const v = form.values;
  const toggle = (key: 'municipioIds' | 'usuarioIds', id: number) => {
    const current = (v[key] ?? []) as number[];
    form.setValue(key, current.includes(id) ? current.filter((x) => x !== id) : [...current, id]);
  };
  const ufs = [...new Set(options.municipios.map((m) => m.uf))];
  return (
    <form ref={formRef} noValidate onSubmit={(event) => void handleSubmit(event)}>
      <Stack gap="4" maxW="3xl">
        <Heading as="h2" size="lg">
          {territory ? `Editar ${territory.nome}` : 'Novo território'}
        </Heading>
        {serverError && <ServerAlert status="error">{serverError}</ServerAlert>}
        <TextField label="Nome" required {...form.field('nome')} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <SelectField
            label="UF"
            required
            options={ufs.map((uf) => ({ value: uf, label: uf }))}
            value={v.uf ?? ''}
            onValueChange={(value) => form.setValue('uf', value)}
            error={form.errors.uf}
          />
          <SelectField
            label="Unidade regional"
            placeholder="Nenhuma"
            options={options.unidadesRegionais
              .filter((u) => u.uf === v.uf)
              .map((u) => ({ value: String(u.unidadeRegionalId), label: u.nomeRegiao }))}
            value={v.unidadeRegionalId ? String(v.unidadeRegionalId) : ''}
            onValueChange={(value) => form.setValue('unidadeRegionalId', value === '' ? null : Number(value))}
            error={form.errors.unidadeRegionalId}
          />
        </SimpleGrid>
        <CheckList
          legend="Municípios"
          error={form.errors.municipioIds}
          items={options.municipios.filter((m) => m.uf === v.uf).map((m) => ({ id: m.municipioId, label: m.nome }))}
          checked={(v.municipioIds ?? []) as number[]}
          onToggle={(id) => toggle('municipioIds', id)}
        />
        <CheckList
          legend="Agentes"
          error={form.errors.usuarioIds}
          items={options.usuarios.map((u) => ({ id: u.usuarioId, label: u.nome }))}
          checked={(v.usuarioIds ?? []) as number[]}
          onToggle={(id) => toggle('usuarioIds', id)}
        />
        <TextAreaField
          label="Descrição"
          maxLength={1000}
          value={v.descricao ?? ''}
          onValueChange={(value) => form.setValue('descricao', value)}
          error={form.errors.descricao}
        />
        <HStack gap="2">
          <Button variant="outline" asChild>
            <RouterLink to="/gestao-territorios/territorios">Cancelar</RouterLink>
          </Button>
          <Button type="submit" loading={pending} loadingText="Salvando…">
            Salvar
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function CheckList({
  legend,
  items,
  checked,
  onToggle,
  error,
}: {
  legend: string;
  items: { id: number; label: string }[];
  checked: number[];
  onToggle: (id: number) => void;
  error?: string | undefined;
}) {
  return (
    <Box as="fieldset" borderWidth="1px" rounded="md" p="3" aria-invalid={error ? true : undefined}>
      <Box as="legend" px="1" fontWeight="medium">
        {legend}
      </Box>
      {error && (
        <Text color="fg.error" textStyle="sm" role="alert">
          {error}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="1" maxH="16rem" overflowY="auto">
        {items.map((item) => (
          <Box as="label" key={item.id} display="flex" gap="2" alignItems="center" py="1">
            <input type="checkbox" checked={checked.includes(item.id)} onChange={() => onToggle(item.id)} />
            {item.label}
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}
