import { Button, HStack, Stack } from '@chakra-ui/react';
import { Trail } from '../../../ui/trail.tsx';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Project } from '../../../domain/users.ts';
import { useSession } from '../../../session/store.ts';
import { currentVariant } from '../../../session/variant.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AccessGate, NO_PERMISSION, NoPermission } from '../../../ui/access-gate.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { EMPTY_MESSAGES } from '../../../domain/messages.ts';
import { actionsColumn, ListHeading, LoadError, TableClip, useRecordActions } from '../../../ui/list-screen.tsx';
import { ProjectDialog } from '../components/project-dialog.tsx';
import { apiErrorMessage, httpStatusOf, projects as projectsData } from '../data.ts';
import { PageTitle } from '../../../ui/page-title.tsx';

const TITLE = 'Gestão de Projetos';

/** /projeto: the gate first, so the list is never requested by someone the screen is not for. */
export function ProjectListScreen() {
  const session = useSession();
  return (
    <AccessGate flag="menuProjetosSolucoes">
      <ProjectList defaultUf={session.tenant?.uf ?? currentVariant().uf} />
    </AccessGate>
  );
}

/** Spec §2 "Project list": breadcrumb Home > Gestão de Projetos, table #, Nome, Descrição, Ações. */
function ProjectList({ defaultUf }: { defaultUf: string }) {
  const projects = projectsData.useList();
  // A failed delete shows the server's 409: the municipalities, axes or solution groups that still use the project.
  const records = useRecordActions<Project>({
    noun: 'projeto',
    nameOf: (p) => p.nome,
    idOf: (p) => p.projetoId,
    deleteById: projectsData.remove,
    // The command refreshes the list after the write.
    onDeleted: () => undefined,
  });
  const headingId = useId();
  const groupsLabel = currentVocabulary().breadcrumbs.solutionGroups;

  const columns: Array<DataColumn<Project>> = [
    { key: 'projetoId', header: '#', width: '4rem' },
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 40 },
    // Spec §2: descriptions in registers are cut at 20 characters, the whole text in a tooltip.
    { key: 'descricao', header: 'Descrição', truncate: 20 },
    actionsColumn(
      (p) => (
        <HStack gap="2" justify="flex-end" wrap="wrap">
          {/* The project's catalogue (src/features/solutions): its groups of solutions, then their chain. */}
          <Button asChild size="xs" variant="outline">
            <RouterLink to={`/projeto/${p.projetoId}/grupos`} aria-label={`${groupsLabel} do projeto ${p.nome}`}>
              {groupsLabel}
            </RouterLink>
          </Button>
          {records.rowActions(p)}
        </HStack>
      ),
      '20rem',
    ),
  ];

  return (
    <Stack gap="5">
      <PageTitle parts={[TITLE]} />
      <Trail
        crumbs={[
          { label: 'Início', href: '/cidade', current: false },
          { label: TITLE, href: '', current: true },
        ]}
      />

      <ListHeading title={TITLE} id={headingId} level={1} action={<Button onClick={records.openCreate}>Cadastrar Projeto</Button>} />

      {projects.status === 'error' ? (
        httpStatusOf(projects.error) === 403 ? (
          <NoPermission message={apiErrorMessage(projects.error, NO_PERMISSION)} />
        ) : (
          <LoadError message={apiErrorMessage(projects.error, 'Não foi possível carregar os projetos.')} onRetry={projects.reload} />
        )
      ) : (
        <TableClip>
          <DataTable
            rows={projects.status === 'ready' ? projects.data : []}
            columns={columns}
            rowKey={(p) => p.projetoId}
            labelledBy={headingId}
            loading={projects.status === 'loading'}
            loadingText="Carregando projetos…"
            emptyText={EMPTY_MESSAGES.projects}
            defaultSort={{ key: 'projetoId', direction: 'asc' }}
            minWidth="44rem"
          />
        </TableClip>
      )}

      <ProjectDialog
        open={records.dialogOpen}
        onClose={records.closeDialog}
        project={records.editing}
        defaultUf={defaultUf}
        // The command refreshes the list after the write.
        onSaved={() => undefined}
      />
      {records.confirmDialog}
    </Stack>
  );
}
