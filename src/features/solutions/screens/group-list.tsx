import { Button, VisuallyHidden } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAxes } from '../../../entities/axes/data.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { SOLUTION_MESSAGES, type SolutionGroup } from '../../../domain/solutions.ts';
import { TRUNCATE } from '../../../domain/text.ts';
import { isFullAdmin } from '../../../domain/permissions.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import type { DataColumn } from '../../../ui/data-table.tsx';
import { CatalogueList } from '../components/catalogue-list.tsx';
import { useLeaveWhenMissing } from '../components/catalogue-screen.tsx';
import { GroupDialog } from '../components/group-dialog.tsx';
import { GroupImportExportDialog } from '../components/group-import-export-dialog.tsx';
import { catalogue, httpStatusOf } from '../data.ts';
import { axesForProject, axesSummary } from '../form-values.ts';
import { catalogueHref } from '../paths.ts';
import { catalogueWording } from '../wording.ts';

/** /projeto/:projetoId/grupos: the project's groups of solutions (spec §2 "Solution management"). */
export function GroupListScreen() {
  const projetoId = parseRouteId(useParams().projetoId);
  const project = catalogue.useProject(projetoId);
  const missing = projetoId === null || (project.status === 'error' && httpStatusOf(project.error) === 404);
  useLeaveWhenMissing(missing, 'Projeto não encontrado.', catalogueHref.projects());
  if (missing || projetoId === null) return null;
  return <GroupList projetoId={projetoId} projectName={project.status === 'ready' ? project.data.nome : null} />;
}

function GroupList({ projetoId, projectName }: { projetoId: number; projectName: string | null }) {
  const words = currentVocabulary();
  const wording = catalogueWording(words);
  const groups = catalogue.useSolutionGroups(projetoId, SOLUTION_MESSAGES.listGroupsError);
  const axes = useAxes();
  // Spec §6: the group import/export dialog is the full admin's alone (the API answers 403 to others).
  const ctx = usePermissionContext();
  const fullAdmin = ctx !== null && isFullAdmin(ctx.usuario);
  const [transferOpen, setTransferOpen] = useState(false);

  const projectAxes = useMemo(() => (axes.status === 'ready' ? axesForProject(axes.data, projetoId) : []), [axes, projetoId]);
  const axisNames = useMemo(() => new Map((axes.status === 'ready' ? axes.data : []).map((a) => [a.eixoId, a.nome])), [axes]);

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
  ];

  return (
    <CatalogueList
      level="groups"
      ids={{ projetoId }}
      title={words.breadcrumbs.solutionGroups}
      parent={{ noun: words.project.singular, name: projectName }}
      kind="grupoSolucao"
      noun={{ singular: wording.groupSingular, gender: 'm' }}
      deleteQuestion={wording.groupDeleteQuestion}
      idOf={(g) => g.grupoSolucaoId}
      rows={groups}
      loadError={SOLUTION_MESSAGES.listGroupsError}
      columns={columns}
      below={{
        label: words.breadcrumbs.solutions,
        href: (g) => catalogueHref.solutions({ projetoId, grupoSolucaoId: g.grupoSolucaoId }),
      }}
      emptyText={words.empty.solutionGroups}
      defaultSort={{ key: 'nome', direction: 'asc' }}
      minWidth="48rem"
      // The full admin's import/export joins the create button.
      moreActions={
        fullAdmin && (
          <Button variant="outline" onClick={() => setTransferOpen(true)}>
            Importar/Exportar
          </Button>
        )
      }
      dialog={(state) => (
        <GroupDialog
          open={state.open}
          onClose={state.onClose}
          projetoId={projetoId}
          group={state.editing}
          axes={projectAxes}
          axesLoading={axes.status === 'loading'}
          onSaved={groups.reload}
        />
      )}
    >
      {fullAdmin && (
        <GroupImportExportDialog
          projetoId={projetoId}
          open={transferOpen}
          onClose={() => setTransferOpen(false)}
          onImported={groups.reload}
        />
      )}
    </CatalogueList>
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
