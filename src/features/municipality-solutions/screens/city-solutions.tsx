import { Button, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { canWriteCityGroups } from '../../../domain/permissions.ts';
import {
  solutionEnableRefusal,
  taskEnableRefusal,
  type MunicipalityEvidence,
  type MunicipalityGroup,
  type MunicipalitySolution,
  type MunicipalityTask,
} from '../../../domain/solutions.ts';
import { TRUNCATE } from '../../../domain/text.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCity } from '../../../session/city.ts';
import { useSession } from '../../../session/store.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { actionsColumn, ListHeading, LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { tasksData, type CallOptions, type CommandResult } from '../../../entities/tasks/data.ts';
import { EvidenceDialog } from '../components/evidence-dialog.tsx';
import { ImportGroupDialog } from '../components/import-group-dialog.tsx';
import { ImportTasksDialog } from '../components/import-tasks-dialog.tsx';
import { TaskEditDialog } from '../components/task-edit-dialog.tsx';
import { citySolutionHref } from '../paths.ts';

type TabId = 'grupos' | 'solucoes' | 'tarefas' | 'evidencias' | 'desabilitados';

/** The button and screen title on the Grupos tab: "Soluções e Tarefas", "Iniciativas e Atividades"... */
export function solutionsScreenTitle(): string {
  const v = currentVocabulary();
  return `${v.solution.plural} e ${v.task.plural}`;
}

/**
 * /cidade/:id/grupo/solucoes: the municipality's groups of solutions, solutions, tasks and evidence
 * definitions, and the disabled ones with their re-enable actions (spec §2 "Solution management").
 * Every list is read online: importing, disabling and re-enabling need the server.
 */
export function CitySolutionsScreen() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const v = currentVocabulary();
  const session = useSession();
  const writer = session.user !== null && canWriteCityGroups({ usuario: session.user, config: session.config }, municipioId);
  const groups = tasksData.useMunicipalitySolutionGroups(municipioId);
  const solutions = tasksData.useMunicipalitySolutions(municipioId);
  const tasks = tasksData.useMunicipalityTasks(municipioId);
  const evidences = tasksData.useMunicipalityEvidences(municipioId);
  const [tab, setTab] = useState<TabId>('grupos');
  const [dialog, setDialog] = useState<'grupo' | 'tarefas' | null>(null);
  const [editingTask, setEditingTask] = useState<MunicipalityTask | null>(null);
  const [evidenceDialog, setEvidenceDialog] = useState<{ evidence: MunicipalityEvidence | null } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const title = solutionsScreenTitle();

  function reloadAll() {
    groups.reload();
    solutions.reload();
    tasks.reload();
    evidences.reload();
  }

  /** Runs one row action, with its button busy; the server's message says what happened (a failure is shown by the command). */
  async function act<T>(
    key: string,
    run: (options: CallOptions) => Promise<CommandResult<T>>,
    success: string | ((result: T) => string),
    failure: string,
  ) {
    setBusy(key);
    try {
      const result = await run({ failure: { message: failure } });
      if (!result.ok) return;
      notifySuccess(typeof success === 'string' ? success : success(result.data));
      reloadAll();
    } finally {
      setBusy(null);
    }
  }

  async function disable(kind: 'grupo' | 'solucao' | 'tarefa', id: number, name: string, noun: string) {
    const ok = await confirm({
      title: `Desabilitar ${noun.toLowerCase()}`,
      body:
        kind === 'tarefa'
          ? `Confirma que deseja remover ${noun.toLowerCase()} ${name}? Se um relatório já a usa, ela é desabilitada; senão, excluída.`
          : `Confirma que deseja desabilitar ${name}? Ele continua listado entre os desabilitados e pode ser reabilitado.`,
      destructive: true,
    });
    if (ok)
      await act(
        `${kind}:${id}`,
        (options) => tasksData.disableMunicipalityRecord({ municipioId, kind, id }, options),
        (m) => m,
        'Não foi possível desabilitar.',
      );
  }

  const rows = <T,>(r: { status: 'ready'; data: T[] } | { status: 'idle' | 'loading' | 'error' }): T[] =>
    r.status === 'ready' ? r.data : [];
  const allGroups = rows<MunicipalityGroup>(groups);
  const allSolutions = rows<MunicipalitySolution>(solutions);
  const allTasks = rows<MunicipalityTask>(tasks);
  const groupName = new Map(allGroups.map((g) => [g.municipioGrupoSolucaoId, g.nome]));
  const taskName = new Map(allTasks.map((t) => [t.municipioTarefaId, t.nome]));
  const rowButton = (key: string, label: string, aria: string, onClick: () => void, palette?: string) => (
    <Button size="xs" variant="outline" colorPalette={palette} aria-label={aria} loading={busy === key} onClick={onClick}>
      {label}
    </Button>
  );

  const groupColumns: Array<DataColumn<MunicipalityGroup>> = [
    { key: 'nome', header: v.solutionGroup.singular, rowHeader: true },
    ...(writer
      ? [
          actionsColumn<MunicipalityGroup>((g) =>
            rowButton(
              `grupo:${g.municipioGrupoSolucaoId}`,
              'Desabilitar',
              `Desabilitar ${g.nome}`,
              () => void disable('grupo', g.municipioGrupoSolucaoId, g.nome, v.solutionGroup.singular),
              'red',
            ),
          ),
        ]
      : []),
  ];
  const solutionColumns: Array<DataColumn<MunicipalitySolution>> = [
    { key: 'nome', header: v.solution.singular, rowHeader: true, truncate: TRUNCATE.solutionName },
    { key: 'grupo', header: v.solutionGroup.singular, value: (s) => groupName.get(s.municipioGrupoSolucaoId) ?? '' },
    ...(writer
      ? [
          actionsColumn<MunicipalitySolution>((s) =>
            rowButton(
              `solucao:${s.municipioSolucaoId}`,
              'Desabilitar',
              `Desabilitar ${s.nome}`,
              () => void disable('solucao', s.municipioSolucaoId, s.nome, v.solution.singular),
              'red',
            ),
          ),
        ]
      : []),
  ];
  const taskColumns: Array<DataColumn<MunicipalityTask>> = [
    { key: 'nome', header: 'Nome', rowHeader: true },
    { key: 'descricao', header: 'Descrição', truncate: TRUNCATE.taskDescription },
    { key: 'solucaoNome', header: v.solution.singular, truncate: TRUNCATE.solutionName },
    { key: 'horas', header: 'Horas', align: 'end', width: '6rem' },
    ...(writer
      ? [
          actionsColumn<MunicipalityTask>(
            (t) => (
              <HStack gap="2" justify="flex-end">
                {rowButton(`editar:${t.municipioTarefaId}`, 'Editar', `Editar ${t.nome}`, () => setEditingTask(t))}
                {rowButton(
                  `tarefa:${t.municipioTarefaId}`,
                  'Desabilitar',
                  `Desabilitar ${t.nome}`,
                  () => void disable('tarefa', t.municipioTarefaId, t.nome, v.task.singular),
                  'red',
                )}
              </HStack>
            ),
            '14rem',
          ),
        ]
      : []),
  ];
  const evidenceColumns: Array<DataColumn<MunicipalityEvidence>> = [
    { key: 'municipioEvidenciaId', header: '#', width: '5rem' },
    { key: 'tarefa', header: v.task.singular, value: (e) => taskName.get(e.municipioTarefaId) ?? '' },
    { key: 'nome', header: 'Evidências', rowHeader: true },
    { key: 'descricao', header: 'Descrição', truncate: TRUNCATE.evidenceDescription },
    { key: 'situacao', header: 'Situação', value: (e) => (e.desabilitado ? 'Desativada' : 'Ativa'), cardPriority: 1 },
    ...(writer
      ? [
          actionsColumn<MunicipalityEvidence>(
            (e) => (
              <HStack gap="2" justify="flex-end">
                {rowButton(`ev-editar:${e.municipioEvidenciaId}`, 'Editar', `Editar evidência ${e.nome}`, () =>
                  setEvidenceDialog({ evidence: e }),
                )}
                {!e.desabilitado &&
                  rowButton(
                    `ev-desativar:${e.municipioEvidenciaId}`,
                    'Desativar',
                    `Desativar evidência ${e.nome}`,
                    () =>
                      void act(
                        `ev-desativar:${e.municipioEvidenciaId}`,
                        (options) => tasksData.deactivateMunicipalityEvidence({ municipioId, id: e.municipioEvidenciaId }, options),
                        'Evidência desativada',
                        'Erro ao atualizar evidência',
                      ),
                  )}
                {rowButton(
                  `ev-excluir:${e.municipioEvidenciaId}`,
                  'Excluir',
                  `Excluir evidência ${e.nome}`,
                  () =>
                    void (async () => {
                      const ok = await confirm({
                        title: 'Excluir evidência',
                        body: `Confirma que deseja deletar a evidência ${e.nome}? Esta ação não pode ser desfeita.`,
                        destructive: true,
                      });
                      if (ok)
                        await act(
                          `ev-excluir:${e.municipioEvidenciaId}`,
                          (options) => tasksData.deleteMunicipalityEvidence({ municipioId, id: e.municipioEvidenciaId }, options),
                          'Evidência excluída',
                          'Erro ao excluir evidência',
                        );
                    })(),
                  'red',
                )}
              </HStack>
            ),
            '18rem',
          ),
        ]
      : []),
  ];
  const disabledGroupColumns: Array<DataColumn<MunicipalityGroup>> = [
    { key: 'nome', header: 'Nome', rowHeader: true },
    ...(writer
      ? [
          actionsColumn<MunicipalityGroup>((g) =>
            rowButton(
              `recuperar:${g.municipioGrupoSolucaoId}`,
              'Recuperar',
              `Recuperar ${g.nome}`,
              () =>
                void act(
                  `recuperar:${g.municipioGrupoSolucaoId}`,
                  (options) => tasksData.reenableMunicipalityGroup({ municipioId, id: g.municipioGrupoSolucaoId }, options),
                  SOLUTION_REENABLED,
                  'Não foi possível recuperar.',
                ),
            ),
          ),
        ]
      : []),
  ];
  const disabledSolutionColumns: Array<DataColumn<MunicipalitySolution>> = [
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: TRUNCATE.solutionName },
    { key: 'grupo', header: v.solutionGroup.singular, value: (s) => groupName.get(s.municipioGrupoSolucaoId) ?? '' },
    {
      key: 'habilitar',
      header: 'Habilitar',
      sortable: false,
      align: 'end',
      width: '16rem',
      cell: (s) => {
        const refusal = solutionEnableRefusal(s);
        if (refusal) return <Text color="fg.muted">{refusal}</Text>;
        if (!writer) return null;
        return rowButton(
          `hab-sol:${s.municipioSolucaoId}`,
          'Habilitar',
          `Habilitar ${s.nome}`,
          () =>
            void act(
              `hab-sol:${s.municipioSolucaoId}`,
              (options) => tasksData.reenableMunicipalitySolution({ municipioId, id: s.municipioSolucaoId }, options),
              SOLUTION_REENABLED,
              'Não foi possível habilitar.',
            ),
        );
      },
    },
  ];
  const disabledTaskColumns: Array<DataColumn<MunicipalityTask>> = [
    { key: 'nome', header: 'Nome', rowHeader: true },
    { key: 'descricao', header: 'Descrição', truncate: TRUNCATE.taskDescription },
    { key: 'solucaoNome', header: v.solution.singular, truncate: TRUNCATE.solutionName },
    {
      key: 'habilitar',
      header: 'Habilitar',
      sortable: false,
      align: 'end',
      width: '16rem',
      cell: (t) => {
        const solution = allSolutions.find((s) => s.municipioSolucaoId === t.municipioSolucaoId);
        const refusal = taskEnableRefusal(
          { solucaoDesabilitada: t.solucaoDesabilitada, grupoDesabilitado: solution?.grupoDesabilitado ?? false },
          v.mode,
        );
        if (refusal) return <Text color="fg.muted">{refusal}</Text>;
        if (!writer) return null;
        return rowButton(
          `hab-tar:${t.municipioTarefaId}`,
          'Habilitar',
          `Habilitar ${t.nome}`,
          () =>
            void (async () => {
              const ok = await confirm({
                title: `Habilitar ${v.task.singular.toLowerCase()}`,
                body: `Confirma que deseja habilitar ${v.task.singular.toLowerCase()} ${t.nome}? Ela volta a ser oferecida nos encontros e relatórios.`,
              });
              if (ok)
                await act(
                  `hab-tar:${t.municipioTarefaId}`,
                  (options) => tasksData.reenableMunicipalityTask({ municipioId, id: t.municipioTarefaId, modo: v.mode }, options),
                  SOLUTION_REENABLED,
                  'Não foi possível habilitar.',
                );
            })(),
        );
      },
    },
  ];

  return (
    <Stack gap="4">
      <title>{`${title} · ${municipality.nome} · Cidade Empreendedora`}</title>
      <AppLink to={`/cidade/${municipioId}/grupo`}>{`Voltar para ${v.cityTabs.grupo}`}</AppLink>
      <ListHeading
        title={title}
        id="solucoes-titulo"
        level={2}
        action={
          writer ? (
            <HStack gap="2" wrap="wrap">
              <Button onClick={() => setDialog('grupo')}>{`Importar ${v.solutionGroup.singular.toLowerCase()}`}</Button>
              <Button variant="outline" onClick={() => setDialog('tarefas')}>{`Importar ${v.task.plural.toLowerCase()}`}</Button>
            </HStack>
          ) : undefined
        }
      />
      <AppLink to={citySolutionHref.progress(municipioId)}>{`Andamento das ${v.task.plural.toLowerCase()}`}</AppLink>

      <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value as TabId)} variant="line" lazyMount>
        {/* Wrapped, not scrolled: a scrolled strip cut the last tab at 360 px with no sign that more followed. */}
        <Tabs.List flexWrap="wrap">
          <Tabs.Trigger value="grupos">{v.breadcrumbs.solutionGroups}</Tabs.Trigger>
          <Tabs.Trigger value="solucoes">{v.solution.plural}</Tabs.Trigger>
          <Tabs.Trigger value="tarefas">{v.task.plural}</Tabs.Trigger>
          <Tabs.Trigger value="evidencias">Evidências</Tabs.Trigger>
          <Tabs.Trigger value="desabilitados">Desabilitados</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="grupos">
          <List
            label={v.solutionGroup.plural}
            remote={groups}
            rows={allGroups.filter((g) => !g.desabilitado)}
            columns={groupColumns}
            rowKey={(g) => g.municipioGrupoSolucaoId}
            emptyText={v.empty.solutionGroups}
          />
        </Tabs.Content>
        <Tabs.Content value="solucoes">
          <List
            label={v.solution.plural}
            remote={solutions}
            rows={allSolutions.filter((s) => !s.desabilitado)}
            columns={solutionColumns}
            rowKey={(s) => s.municipioSolucaoId}
            emptyText={v.empty.solutions}
          />
        </Tabs.Content>
        <Tabs.Content value="tarefas">
          <List
            label={v.task.plural}
            remote={tasks}
            rows={allTasks.filter((t) => !t.desabilitado)}
            columns={taskColumns}
            rowKey={(t) => t.municipioTarefaId}
            emptyText={v.empty.tasks}
          />
        </Tabs.Content>
        <Tabs.Content value="evidencias">
          <Stack gap="3">
            {writer && (
              <HStack justify="flex-end">
                <Button onClick={() => setEvidenceDialog({ evidence: null })}>Nova evidência</Button>
              </HStack>
            )}
            <List
              label="Evidências"
              remote={evidences}
              rows={rows<MunicipalityEvidence>(evidences)}
              columns={evidenceColumns}
              rowKey={(e) => e.municipioEvidenciaId}
              emptyText={v.empty.evidences}
            />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="desabilitados">
          <Stack gap="6">
            <List
              level3
              label={`${v.solutionGroup.plural} desabilitados`}
              remote={groups}
              rows={allGroups.filter((g) => g.desabilitado)}
              columns={disabledGroupColumns}
              rowKey={(g) => g.municipioGrupoSolucaoId}
              emptyText={v.empty.solutionGroups}
            />
            <List
              level3
              label={`${v.solution.plural} desabilitadas`}
              remote={solutions}
              rows={allSolutions.filter((s) => s.desabilitado || s.grupoDesabilitado)}
              columns={disabledSolutionColumns}
              rowKey={(s) => s.municipioSolucaoId}
              emptyText={v.empty.solutions}
            />
            <List
              level3
              label={`${v.task.plural} desabilitadas`}
              remote={tasks}
              rows={allTasks.filter((t) => t.desabilitado)}
              columns={disabledTaskColumns}
              rowKey={(t) => t.municipioTarefaId}
              emptyText={v.empty.tasks}
            />
          </Stack>
        </Tabs.Content>
      </Tabs.Root>

      <ImportGroupDialog open={dialog === 'grupo'} onClose={() => setDialog(null)} municipioId={municipioId} onImported={reloadAll} />
      <ImportTasksDialog open={dialog === 'tarefas'} onClose={() => setDialog(null)} municipioId={municipioId} onImported={reloadAll} />
      <TaskEditDialog task={editingTask} onClose={() => setEditingTask(null)} municipioId={municipioId} onSaved={reloadAll} />
      <EvidenceDialog
        open={evidenceDialog !== null}
        onClose={() => setEvidenceDialog(null)}
        municipioId={municipioId}
        evidence={evidenceDialog?.evidence ?? null}
        tasks={allTasks}
        onSaved={reloadAll}
      />
      {confirmDialog}
    </Stack>
  );
}

const SOLUTION_REENABLED = 'Registro reabilitado.';

type ListProps<T> = {
  label: string;
  level3?: boolean;
  remote: { status: string; reload: () => void };
  rows: readonly T[];
  columns: ReadonlyArray<DataColumn<T>>;
  rowKey: (row: T) => number;
  emptyText: string;
};

/** One list of the screen: its heading, the table (cards on a phone), or why it could not load. */
function List<T>({ label, level3, remote, rows, columns, rowKey, emptyText }: ListProps<T>): ReactNode {
  const headingId = useId();
  return (
    <Stack gap="2" pt="3">
      <Text as="h3" id={headingId} fontWeight="semibold" textStyle={level3 ? 'md' : 'lg'}>
        {label}
      </Text>
      {remote.status === 'error' ? (
        <LoadError message={`Não foi possível carregar: ${label.toLowerCase()}.`} onRetry={remote.reload} />
      ) : (
        <TableClip>
          <DataTable
            rows={rows}
            columns={columns}
            rowKey={rowKey}
            labelledBy={headingId}
            loading={remote.status === 'loading'}
            emptyText={emptyText}
            defaultSort={{ key: 'nome', direction: 'asc' }}
          />
        </TableClip>
      )}
    </Stack>
  );
}
