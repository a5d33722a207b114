import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { usersData } from '../../../entities/users/data.ts';
import { formatMoney } from '../../../domain/format.ts';
import { hasFlag } from '../../../domain/permissions.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { SOLUTION_MESSAGES, type Solution } from '../../../domain/solutions.ts';
import { TRUNCATE } from '../../../domain/text.ts';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import type { DataColumn } from '../../../ui/data-table.tsx';
import { CatalogueList } from '../components/catalogue-list.tsx';
import { useLeaveWhenMissing } from '../components/catalogue-screen.tsx';
import { SolutionDialog } from '../components/solution-dialog.tsx';
import { catalogue, httpStatusOf } from '../data.ts';
import { catalogueHref } from '../paths.ts';

/** /projeto/:projetoId/grupos/:grupoSolucaoId/solucoes: the solutions of one group. */
export function SolutionListScreen() {
  const params = useParams();
  const projetoId = parseRouteId(params.projetoId);
  const grupoSolucaoId = parseRouteId(params.grupoSolucaoId);
  const group = catalogue.useSolutionGroup(grupoSolucaoId);
  const missing =
    projetoId === null ||
    grupoSolucaoId === null ||
    (group.status === 'error' && httpStatusOf(group.error) === 404) ||
    (group.status === 'ready' && group.data.projetoId !== projetoId);
  useLeaveWhenMissing(
    missing,
    SOLUTION_MESSAGES.groupNotFound,
    projetoId === null ? catalogueHref.projects() : catalogueHref.groups({ projetoId }),
  );
  if (missing || projetoId === null || grupoSolucaoId === null) return null;
  return (
    <SolutionList projetoId={projetoId} grupoSolucaoId={grupoSolucaoId} groupName={group.status === 'ready' ? group.data.nome : null} />
  );
}

function SolutionList({ projetoId, grupoSolucaoId, groupName }: { projetoId: number; grupoSolucaoId: number; groupName: string | null }) {
  const words = currentVocabulary();
  const ctx = usePermissionContext();
  const seesMoney = ctx !== null && hasFlag(ctx, 'verCustoPreco');
  const solutions = catalogue.useGroupSolutions(projetoId, grupoSolucaoId, SOLUTION_MESSAGES.listSolutionsError);
  const users = usersData.useEnabledUsers();
  // Only a user who may see the tipo field asks for the types (spec §6 verTipoSolucao).
  const seesType = ctx !== null && hasFlag(ctx, 'verTipoSolucao');
  const types = catalogue.useSolutionTypes(seesType);
  const ids = { projetoId, grupoSolucaoId };

  const userOptions = useMemo(
    () => (users.status === 'ready' ? users.data.map((u) => ({ value: u.usuarioId, label: u.nome })) : []),
    [users],
  );

  const typeOptions = useMemo(
    () => (types.status === 'ready' ? types.data.map((t) => ({ value: t.solucaoTipoId, label: t.nome })) : []),
    [types],
  );

  const columns: Array<DataColumn<Solution>> = [
    { key: 'solucaoId', header: '#', width: '4rem' },
    // Spec §9: names cut at 15, descriptions at 20, the whole text in a tooltip.
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: TRUNCATE.solutionName },
    { key: 'descricao', header: 'Descrição', truncate: TRUNCATE.solutionDescription },
    {
      key: 'monitoramento',
      header: 'Monitoramento',
      format: (value) => (value === 2 ? 'Visitas' : words.task.plural),
    },
    ...(seesMoney
      ? ([
          { key: 'custo', header: 'Custo', align: 'end', format: (value) => formatMoney(Number(value)) },
          { key: 'preco', header: 'Preço', align: 'end', format: (value) => formatMoney(Number(value)) },
        ] satisfies Array<DataColumn<Solution>>)
      : []),
  ];

  return (
    <CatalogueList
      level="solutions"
      ids={ids}
      title={words.breadcrumbs.solutions}
      parent={{ noun: words.solutionGroup.singular, name: groupName }}
      kind="solucao"
      noun={words.solution}
      idOf={(s) => s.solucaoId}
      rows={solutions}
      loadError={SOLUTION_MESSAGES.listSolutionsError}
      columns={columns}
      below={{ label: words.breadcrumbs.tasks, href: (s) => catalogueHref.tasks({ ...ids, solucaoId: s.solucaoId }) }}
      emptyText={words.empty.solutions}
      defaultSort={{ key: 'nome', direction: 'asc' }}
      minWidth="52rem"
      dialog={(state) => (
        <SolutionDialog
          open={state.open}
          onClose={state.onClose}
          grupoSolucaoId={grupoSolucaoId}
          solution={state.editing}
          types={typeOptions}
          users={userOptions}
          usersLoading={users.status === 'loading'}
          usersError={users.status === 'error' ? apiErrorMessage(users.error, 'Não foi possível listar os usuários.') : undefined}
          onSaved={solutions.reload}
        />
      )}
    />
  );
}
