import { Box, Breadcrumb, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { apiErrorMessage, isSessionExpiredError } from '../../../api/client.ts';
import type { Project } from '../../../domain/users.ts';
import { useSession } from '../../../session/store.ts';
import { currentVariant } from '../../../session/variant.ts';
import { AccessGate, NO_PERMISSION, NoPermission } from '../../../ui/access-gate.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { CONFIRM_MESSAGES, EMPTY_MESSAGES, ERROR_MESSAGES } from '../../../ui/messages.ts';
import { notifyError, notifySuccess } from '../../../ui/notify.ts';
import { ProjectDialog } from '../components/project-dialog.tsx';
import { deleteProject, httpStatusOf, useProjectList } from '../data.ts';
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
  const projects = useProjectList(ERROR_MESSAGES.listProjects);
  const [confirm, confirmDialog] = useConfirm();
  const [dialogOpen, setDialogOpen] = useState(false);
  // Kept while the dialog animates out, so its title does not flip to "Cadastrar Projeto" on close.
  const [editing, setEditing] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const headingId = useId();

  function openDialog(project: Project | null) {
    setEditing(project);
    setDialogOpen(true);
  }

  async function remove(project: Project) {
    const confirmed = await confirm({
      title: 'Excluir projeto',
      body: `Confirma que deseja excluir o projeto ${project.nome}? ${CONFIRM_MESSAGES.irreversible}`,
      destructive: true,
    });
    if (!confirmed) return;
    setDeleting(project.projetoId);
    try {
      await deleteProject(project.projetoId);
      notifySuccess('Projeto excluído com sucesso');
      projects.reload();
    } catch (error) {
      // 409: municipalities, axes or solution groups still use it, and the server says which.
      if (!isSessionExpiredError(error)) notifyError(apiErrorMessage(error, 'Não foi possível excluir o projeto.'));
    } finally {
      setDeleting(null);
    }
  }

  const columns: Array<DataColumn<Project>> = [
    { key: 'projetoId', header: '#', width: '4rem' },
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 40 },
    // Spec §2: descriptions in registers are cut at 20 characters, the whole text in a tooltip.
    { key: 'descricao', header: 'Descrição', truncate: 20 },
    {
      key: 'acoes',
      header: 'Ações',
      sortable: false,
      align: 'end',
      width: '11rem',
      cell: (p) => (
        <HStack gap="2" justify="flex-end">
          <Button size="xs" variant="outline" aria-label={`Editar projeto ${p.nome}`} onClick={() => openDialog(p)}>
            Editar
          </Button>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`Excluir projeto ${p.nome}`}
            loading={deleting === p.projetoId}
            onClick={() => void remove(p)}
          >
            Excluir
          </Button>
        </HStack>
      ),
    },
  ];

  return (
    <Stack gap="5">
      <PageTitle parts={[TITLE]} />
      <Breadcrumb.Root size="sm" aria-label="Trilha de navegação">
        <Breadcrumb.List flexWrap="wrap">
          <Breadcrumb.Item>
            <Breadcrumb.Link asChild>
              <RouterLink to="/cidade">Início</RouterLink>
            </Breadcrumb.Link>
          </Breadcrumb.Item>
          <Breadcrumb.Separator />
          <Breadcrumb.Item>
            <Breadcrumb.CurrentLink>{TITLE}</Breadcrumb.CurrentLink>
          </Breadcrumb.Item>
        </Breadcrumb.List>
      </Breadcrumb.Root>

      <HStack justify="space-between" gap="3" wrap="wrap">
        <Heading as="h1" size="2xl" id={headingId}>
          {TITLE}
        </Heading>
        <Button onClick={() => openDialog(null)}>Cadastrar Projeto</Button>
      </HStack>

      {projects.status === 'error' ? (
        httpStatusOf(projects.error) === 403 ? (
          <NoPermission message={apiErrorMessage(projects.error, NO_PERMISSION)} />
        ) : (
          <HStack gap="4" wrap="wrap" py="4" role="alert">
            <Text color="fg.muted">{apiErrorMessage(projects.error, 'Não foi possível carregar os projetos.')}</Text>
            <Button variant="outline" size="sm" onClick={projects.reload}>
              Tentar novamente
            </Button>
          </HStack>
        )
      ) : (
        <Box position="relative" overflow="clip" p="1" m="-1">
          {/* The cut texts' screen-reader copies are absolutely positioned and escape the table's scroll box,
              widening a phone's page; clipping here keeps the page still (the extra space keeps the focus ring). */}
          <DataTable
            rows={projects.status === 'ready' ? projects.items : []}
            columns={columns}
            rowKey={(p) => p.projetoId}
            labelledBy={headingId}
            loading={projects.status === 'loading'}
            loadingText="Carregando projetos…"
            emptyText={EMPTY_MESSAGES.projects}
            defaultSort={{ key: 'projetoId', direction: 'asc' }}
            minWidth="36rem"
          />
        </Box>
      )}

      <ProjectDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        project={editing}
        defaultUf={defaultUf}
        onSaved={() => projects.reload()}
      />
      {confirmDialog}
    </Stack>
  );
}
