import { Button, HStack, VisuallyHidden } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAxes } from '../../../entities/axes/data.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { SOLUTION_MESSAGES, type SolutionGroup } from '../../../domain/solutions.ts';
import { TRUNCATE } from '../../../domain/text.ts';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { isFullAdmin } from '../../../domain/permissions.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { actionsColumn, ListHeading, LoadError, TableClip, useRecordActions } from '../../../ui/list-screen.tsx';
import {
  CatalogueScreen,
  DisabledActions,
  OpenLevelButton,
  parentKicker,
  useLeaveWhenMissing,
  useReenable,
} from '../components/catalogue-screen.tsx';
import { GroupDialog } from '../components/group-dialog.tsx';
import { GroupImportExportDialog } from '../components/group-import-export-dialog.tsx';
import { deleteCatalogueRecord, httpStatusOf, useProject, useSolutionGroups } from '../data.ts';
import { axesForProject, axesSummary } from '../form-values.ts';
import { catalogueHref, catalogueTrail } from '../paths.ts';
import { catalogueWording } from '../wording.ts';

/** /projeto/:projetoId/grupos: the project's groups of solutions (spec §2 "Solution management"). */
export function GroupListScreen() {
  const projetoId = parseRouteId(useParams().projetoId);
  const project = useProject(projetoId);
  const missing = projetoId === null || (project.status === 'error' && httpStatusOf(project.error) === 404);
  useLeaveWhenMissing(missing, 'Projeto não encontrado.', catalogueHref.projects());
  if (missing || projetoId === null) return null;
  return <GroupList projetoId={projetoId} projectName={project.status === 'ready' ? project.data.nome : null} />;
}

function GroupList({ projetoId, projectName }: { projetoId: number; projectName: string | null }) {
  const words = currentVocabulary();
  const wording = catalogueWording(words);
  const groups = useSolutionGroups(projetoId, SOLUTION_MESSAGES.listGroupsError);
  const axes = useAxes();
  const headingId = useId();
  // Spec §6: the group import/export dialog is the full admin's alone (the API answers 403 to others).
  const ctx = usePermissionContext();
  const fullAdmin = ctx !== null && isFullAdmin(ctx.usuario);
  const [transferOpen, setTransferOpen] = useState(false);
  const title = words.breadcrumbs.solutionGroups;
  const groupNoun = { singular: wording.groupSingular, gender: 'm' as const };

  const projectAxes = useMemo(() => (axes.status === 'ready' ? axesForProject(axes.data, projetoId) : []), [axes, projetoId]);
  const axisNames = useMemo(() => new Map((axes.status === 'ready' ? axes.data : []).map((a) => [a.eixoId, a.nome])), [axes]);

  const records = useRecordActions<SolutionGroup>({
    noun: wording.groupSingular.toLowerCase(),
    nameOf: (g) => g.nome,
    idOf: (g) => g.grupoSolucaoId,
    question: () => wording.groupDeleteQuestion,
    warning: wording.deleteWarning(groupNoun),
    deleteById: async (id) =>
      (await deleteCatalogueRecord('grupoSolucao', id)) === 'disabled' ? wording.disabledInstead(groupNoun) : undefined,
    onDeleted: groups.reload,
  });
  const reenable = useReenable('grupoSolucao', wording.reenabled(groupNoun), groups.reload);

  // Rebuilt each render (the row actions follow the screen's state); a project has a handful of groups.
  const columns: Array<DataColumn<SolutionGroup>> = [
    { key: 'grupoSolucaoId', header: '#', width: '4rem' },
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 40 },
    {
      key: 'eixos',
      header: words.axis.plural,
      sortable: false,
      value: (g) => g.eixoIds.map((id) => axisNames.get(id) ?? `#${id}`).join(', '),
      cell: (g) => <AxesCell names={g.eixoIds.map((id) => axisNames.get(id) ?? `#${id}`)} />,
    },
    // Spec §9 cuts the group description at 50 (§2 says 20; the README explains the choice).
    { key: 'descricao', header: 'Descrição', truncate: TRUNCATE.solutionGroupDescription },
    actionsColumn(
      (g) => (
        <HStack gap="2" justify="flex-end" wrap="wrap">
          <OpenLevelButton
            to={catalogueHref.solutions({ projetoId, grupoSolucaoId: g.grupoSolucaoId })}
            label={words.breadcrumbs.solutions}
            name={g.nome}
          />
          {g.desabilitado ? (
            <DisabledActions
              name={g.nome}
              busy={reenable.busyId === g.grupoSolucaoId}
              onReenable={() => void reenable.reenable(g.grupoSolucaoId)}
            />
          ) : (
            records.rowActions(g)
          )}
        </HStack>
      ),
      '18rem',
    ),
  ];

  return (
    <CatalogueScreen title={title} crumbs={catalogueTrail('groups', { projetoId }, words)}>
      <ListHeading
        title={title}
        id={headingId}
        level={1}
        kicker={parentKicker(words.project.singular, projectName)}
        // A row of buttons: the full admin's import/export joins the create button here.
        action={
          <HStack gap="2" wrap="wrap">
            <Button onClick={records.openCreate}>Cadastrar {wording.groupSingular}</Button>
            {fullAdmin && (
              <Button variant="outline" onClick={() => setTransferOpen(true)}>
                Importar/Exportar
              </Button>
            )}
          </HStack>
        }
      />
      {groups.status === 'error' ? (
        <LoadError message={apiErrorMessage(groups.error, SOLUTION_MESSAGES.listGroupsError)} onRetry={groups.reload} />
      ) : (
        <TableClip>
          <DataTable
            rows={groups.status === 'ready' ? groups.data : groups.status === 'loading' ? (groups.previous ?? []) : []}
            columns={columns}
            rowKey={(g) => g.grupoSolucaoId}
            labelledBy={headingId}
            loading={groups.status === 'loading'}
            loadingText={`Carregando ${title.toLowerCase()}…`}
            emptyText={words.empty.solutionGroups}
            rowTone={(g) => (g.desabilitado ? 'warning' : undefined)}
            defaultSort={{ key: 'nome', direction: 'asc' }}
            minWidth="48rem"
          />
        </TableClip>
      )}
      <GroupDialog
        open={records.dialogOpen}
        onClose={records.closeDialog}
        projetoId={projetoId}
        group={records.editing}
        axes={projectAxes}
        axesLoading={axes.status === 'loading'}
        onSaved={groups.reload}
      />
      {fullAdmin && (
        <GroupImportExportDialog
          projetoId={projetoId}
          open={transferOpen}
          onClose={() => setTransferOpen(false)}
          onImported={groups.reload}
        />
      )}
      {records.confirmDialog}
    </CatalogueScreen>
  );
}

/** Spec §9: two axis names, then "(+N eixos)"; the whole list is read out and shown on hover. */
function AxesCell({ names }: { names: string[] }) {
  const { shown, full } = axesSummary(names);
  if (shown === full) return full;
  return (
    <span title={full}>
      <span aria-hidden="true">{shown}</span>
      <VisuallyHidden>{full}</VisuallyHidden>
    </span>
  );
}
