import { Button, HStack } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useEnabledUsers } from '../../../entities/users/data.ts';
import { formatMoney } from '../../../domain/format.ts';
import { hasFlag } from '../../../domain/permissions.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { SOLUTION_MESSAGES, type Solution } from '../../../domain/solutions.ts';
import { TRUNCATE } from '../../../domain/text.ts';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
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
import { SolutionDialog } from '../components/solution-dialog.tsx';
import { deleteCatalogueRecord, httpStatusOf, useGroupSolutions, useSolutionGroup, useSolutionTypes } from '../data.ts';
import { catalogueHref, catalogueTrail } from '../paths.ts';
import { catalogueWording } from '../wording.ts';

/** /projeto/:projetoId/grupos/:grupoSolucaoId/solucoes: the solutions of one group. */
export function SolutionListScreen() {
  const params = useParams();
  const projetoId = parseRouteId(params.projetoId);
  const grupoSolucaoId = parseRouteId(params.grupoSolucaoId);
  const group = useSolutionGroup(grupoSolucaoId);
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
  const wording = catalogueWording(words);
  const ctx = usePermissionContext();
  const seesMoney = ctx !== null && hasFlag(ctx, 'verCustoPreco');
  const solutions = useGroupSolutions(projetoId, grupoSolucaoId, SOLUTION_MESSAGES.listSolutionsError);
  const users = useEnabledUsers();
  // Only a user who may see the tipo field asks for the types (spec §6 verTipoSolucao).
  const seesType = ctx !== null && hasFlag(ctx, 'verTipoSolucao');
  const types = useSolutionTypes(seesType);
  const headingId = useId();
  const title = words.breadcrumbs.solutions;
  const noun = words.solution;
  const ids = { projetoId, grupoSolucaoId };

  const userOptions = useMemo(
    () => (users.status === 'ready' ? users.data.map((u) => ({ value: u.usuarioId, label: u.nome })) : []),
    [users],
  );

  const typeOptions = useMemo(
    () => (types.status === 'ready' ? types.data.map((t) => ({ value: t.solucaoTipoId, label: t.nome })) : []),
    [types],
  );

  const records = useRecordActions<Solution>({
    noun: noun.singular.toLowerCase(),
    gender: noun.gender,
    nameOf: (s) => s.nome,
    idOf: (s) => s.solucaoId,
    warning: wording.deleteWarning(noun),
    deleteById: async (id) => ((await deleteCatalogueRecord('solucao', id)) === 'disabled' ? wording.disabledInstead(noun) : undefined),
    onDeleted: solutions.reload,
  });
  const reenable = useReenable('solucao', wording.reenabled(noun), solutions.reload);

  // Rebuilt each render (the row actions follow the screen's state); a group has a handful of solutions.
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
    actionsColumn(
      (s) => (
        <HStack gap="2" justify="flex-end" wrap="wrap">
          <OpenLevelButton to={catalogueHref.tasks({ ...ids, solucaoId: s.solucaoId })} label={words.breadcrumbs.tasks} name={s.nome} />
          {s.desabilitado ? (
            <DisabledActions name={s.nome} busy={reenable.busyId === s.solucaoId} onReenable={() => void reenable.reenable(s.solucaoId)} />
          ) : (
            records.rowActions(s)
          )}
        </HStack>
      ),
      '18rem',
    ),
  ];

  return (
    <CatalogueScreen title={title} crumbs={catalogueTrail('solutions', ids, words)}>
      <ListHeading
        title={title}
        id={headingId}
        level={1}
        kicker={parentKicker(words.solutionGroup.singular, groupName)}
        action={
          <HStack gap="2" wrap="wrap">
            <Button onClick={records.openCreate}>Cadastrar {noun.singular}</Button>
          </HStack>
        }
      />
      {solutions.status === 'error' ? (
        <LoadError message={apiErrorMessage(solutions.error, SOLUTION_MESSAGES.listSolutionsError)} onRetry={solutions.reload} />
      ) : (
        <TableClip>
          <DataTable
            rows={solutions.status === 'ready' ? solutions.data : solutions.status === 'loading' ? (solutions.previous ?? []) : []}
            columns={columns}
            rowKey={(s) => s.solucaoId}
            labelledBy={headingId}
            loading={solutions.status === 'loading'}
            loadingText={`Carregando ${title.toLowerCase()}…`}
            emptyText={words.empty.solutions}
            rowTone={(s) => (s.desabilitado ? 'warning' : undefined)}
            defaultSort={{ key: 'nome', direction: 'asc' }}
            minWidth="52rem"
          />
        </TableClip>
      )}
      <SolutionDialog
        open={records.dialogOpen}
        onClose={records.closeDialog}
        grupoSolucaoId={grupoSolucaoId}
        solution={records.editing}
        types={typeOptions}
        users={userOptions}
        usersLoading={users.status === 'loading'}
        usersError={users.status === 'error' ? apiErrorMessage(users.error, 'Não foi possível listar os usuários.') : undefined}
        onSaved={solutions.reload}
      />
      {records.confirmDialog}
    </CatalogueScreen>
  );
}
