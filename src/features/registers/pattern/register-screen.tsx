import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Trail } from '../../../ui/trail.tsx';
import { apiErrorMessage, httpStatusOf } from '../../../lib/api-errors.ts';
import { normalizeForSearch } from '../../../domain/text.ts';
import type { Vocabulary } from '../../../domain/vocabulary.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AccessGate, NO_PERMISSION, NoPermission } from '../../../ui/access-gate.tsx';
import { cellText, DataTable, rawValue, type DataColumn, type SortState } from '../../../ui/data-table.tsx';
import { dataColumns, exportTable } from './export-table.ts';
import { actionsColumn, deleteFailureOf, ListHeading, LoadError, TableClip, useRecordActions } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { sortRows } from '../../../ui/table-logic.ts';
import { registerData } from './data.ts';
import type { RegisterDeclaration } from './declaration.ts';
import { RegisterFormDialog } from './register-form.tsx';
import { emptyTextOf, genderOf, nounOf, titleOf } from './wording.ts';

type Values = Record<string, unknown>;

/** A register's route component: the screen behind its menu flag (the server checks the same flag on writes). */
export function RegisterScreen<Row>({ declaration }: { declaration: RegisterDeclaration<Row, Values> }) {
  return (
    <AccessGate flag={declaration.flag}>
      <RegisterList declaration={declaration} />
    </AccessGate>
  );
}

/**
 * Each row's searchable text, normalized once (accents and case removed; columns joined by a
 * character no query holds, so a match never spans two cells). Built on the first search of a list
 * and kept while the rows and columns stay the same: every later keystroke is one `includes` per row
 * (issue 17's bench: a search over 20,000 rows within 50 ms).
 */
const searchIndexes = new WeakMap<object, WeakMap<object, string[]>>();
function searchIndex<Row>(rows: readonly Row[], columns: ReadonlyArray<DataColumn<Row>>): string[] {
  let byColumns = searchIndexes.get(rows);
  if (!byColumns) {
    byColumns = new WeakMap();
    searchIndexes.set(rows, byColumns);
  }
  let index = byColumns.get(columns);
  if (!index) {
    index = rows.map((row) => normalizeForSearch(columns.map((column) => cellText(column, row)).join('\u0000')));
    byColumns.set(columns, index);
  }
  return index;
}

/** Rows whose shown text contains the search, accents and case ignored (spec §1). */
function matching<Row>(rows: readonly Row[], columns: ReadonlyArray<DataColumn<Row>>, query: string): readonly Row[] {
  const needle = normalizeForSearch(query.trim());
  if (needle === '') return rows;
  const index = searchIndex(rows, columns);
  return rows.filter((_, i) => index[i]!.includes(needle));
}

function sorted<Row>(rows: readonly Row[], columns: ReadonlyArray<DataColumn<Row>>, sort: SortState | null): readonly Row[] {
  const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
  if (!sort || !column) return rows;
  return sortRows(rows, (row) => (column.sortValue ? column.sortValue(row) : rawValue(column, row)), sort.direction);
}

function RegisterList<Row>({ declaration: d }: { declaration: RegisterDeclaration<Row, Values> }) {
  const words: Vocabulary = currentVocabulary();
  const title = titleOf(d, words);
  const noun = nounOf(d, words);
  const [filterState, setFilterState] = useState<Record<string, unknown>>(d.filters?.initial ?? {});
  const list = registerData.useRegisterList(typeof d.api.list === 'function' ? d.api.list(filterState) : d.api.list, d.row, d.loadError);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [sort, setSort] = useState<SortState | null>(d.defaultSort ?? null);
  const [exporting, setExporting] = useState(false);
  const headingId = useId();
  const navigate = useNavigate();
  const pages = d.pages;

  const writable = Boolean(d.form && (d.api.create || d.api.update));
  const records = useRecordActions<Row>({
    noun,
    gender: genderOf(d, words),
    nameOf: d.nameOf,
    idOf: d.idOf,
    deleteById: (id) => registerData.deleteRecord({ ep: d.api.remove!, id }, { failure: deleteFailureOf(noun, genderOf(d, words)) }),
    onDeleted: list.reload,
    lockedReason: d.lockedReason,
    onEdit: pages ? (row) => void navigate(pages.edit(d.idOf(row))) : undefined,
  });

  const baseColumns = useMemo(() => d.columns(words), [d, words]);
  const columns: Array<DataColumn<Row>> = useMemo(() => {
    const showEdit = Boolean(d.form && d.api.update);
    const showDelete = d.deletable !== false && Boolean(d.api.remove);
    if (!showEdit && !showDelete && !d.rowActions) return baseColumns;
    return [
      ...baseColumns,
      actionsColumn(
        (row) => (
          <HStack gap="2" justify="flex-end" wrap="wrap">
            {d.rowActions?.(row, list.reload)}
            {(showEdit || showDelete) && records.rowActions(row)}
          </HStack>
        ),
        d.rowActions ? '18rem' : '11rem',
      ),
    ];
    // records.rowActions closes over the deleting state: rebuild with it.
  }, [baseColumns, d, list.reload, records]);

  const loaded = list.status === 'ready' ? list.data : list.status === 'loading' ? list.previous : undefined;
  const all = useMemo(() => loaded ?? [], [loaded]);
  const filtered = useMemo(() => (d.filters ? d.filters.apply(all, filterState) : all), [all, d.filters, filterState]);
  const searchColumns = useMemo(() => dataColumns(baseColumns), [baseColumns]);
  const shown = useMemo(() => matching(filtered, searchColumns, deferredQuery), [filtered, searchColumns, deferredQuery]);

  async function exportShown() {
    setExporting(true);
    const { colunas, linhas } = exportTable(sorted(shown, baseColumns, sort), baseColumns);
    await registerData.exportRows({ name: d.exportName, columns: colunas, rows: linhas });
    setExporting(false);
  }

  return (
    <Stack gap="5">
      <PageTitle parts={[title]} />
      <Trail
        crumbs={[
          { label: 'Início', href: '/cidade', current: false },
          // /rotas: every register the user may manage (features/registers/hub).
          { label: 'Cadastros', href: '/rotas', current: false },
          { label: title, href: '', current: true },
        ]}
      />

      <ListHeading
        title={title}
        id={headingId}
        level={1}
        action={
          <HStack gap="2" wrap="wrap">
            {d.links?.(words).map((link) => (
              <Button key={link.to} variant="ghost" asChild>
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Button>
            ))}
            <Button
              variant="outline"
              onClick={() => void exportShown()}
              loading={exporting}
              loadingText="Gerando planilha…"
              disabled={list.status !== 'ready'}
            >
              Exportar Excel
            </Button>
            {d.headerActions?.()}
            {writable &&
              d.api.create &&
              (pages ? (
                <Button asChild>
                  <RouterLink to={pages.create}>{`Cadastrar ${noun}`}</RouterLink>
                </Button>
              ) : (
                <Button onClick={records.openCreate}>{`Cadastrar ${noun}`}</Button>
              ))}
          </HStack>
        }
      />

      <HStack gap="4" wrap="wrap" align="end">
        <Field.Root flex="1" minW="14rem" maxW="28rem">
          <Field.Label>Pesquisar</Field.Label>
          <Input type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
        </Field.Root>
        {d.filters?.render(filterState, (key, value) => setFilterState((state) => ({ ...state, [key]: value })))}
      </HStack>

      {list.status === 'error' ? (
        httpStatusOf(list.error) === 403 ? (
          <NoPermission message={apiErrorMessage(list.error, NO_PERMISSION)} />
        ) : (
          <LoadError message={apiErrorMessage(list.error, d.loadError)} onRetry={list.reload} />
        )
      ) : (
        <TableClip>
          <DataTable
            rows={shown}
            columns={columns}
            rowKey={d.idOf}
            labelledBy={headingId}
            loading={list.status === 'loading' && all.length === 0}
            loadingText={`Carregando ${title.toLowerCase()}…`}
            emptyText={emptyTextOf(d, words)}
            sort={sort}
            onSortChange={setSort}
            minWidth="44rem"
          />
        </TableClip>
      )}
      <Text textStyle="sm" color="fg.muted" aria-live="polite">
        {list.status === 'ready' ? `${shown.length} de ${all.length} registros` : ''}
      </Text>

      {d.form && !pages && (
        <RegisterFormDialog
          declaration={d}
          words={words}
          open={records.dialogOpen}
          onClose={records.closeDialog}
          row={records.editing}
          onSaved={() => list.reload()}
        />
      )}
      {records.confirmDialog}
    </Stack>
  );
}
