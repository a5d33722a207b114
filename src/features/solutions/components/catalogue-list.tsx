import { Button, HStack } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import type { Term } from '../../../domain/vocabulary.ts';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { DataTable, type DataColumn, type SortState } from '../../../ui/data-table.tsx';
import { actionsColumn, deleteFailureOf, ListHeading, LoadError, TableClip, useRecordActions } from '../../../ui/list-screen.tsx';
import { catalogue, type CatalogueKind } from '../data.ts';
import { catalogueTrail, type CatalogueIds, type CatalogueLevel } from '../paths.ts';
import { catalogueWording } from '../wording.ts';
import { CatalogueScreen, DisabledActions, OpenLevelButton, parentKicker, useReenable } from './catalogue-screen.tsx';

/** A catalogue record: named, and disabled rather than deleted once something uses it. */
export type CatalogueRow = { nome: string; desabilitado: boolean };

/** The level's list as its data hook answers it (loading keeps the previous rows on screen). */
export type CatalogueRows<T> = (
  | { status: 'idle' }
  | { status: 'loading'; previous: T[] | undefined }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: T[] }
) & { reload: () => void };

/** What the level's create/edit dialog is given; it reloads the list itself through onSaved. */
export type CatalogueDialogState<T> = { open: boolean; onClose: () => void; editing: T | null };

export type CatalogueListProps<T extends CatalogueRow> = {
  level: Exclude<CatalogueLevel, 'evidences'>;
  ids: CatalogueIds;
  title: string;
  /** The record the list belongs to, named above the title once it has loaded. */
  parent: { noun: string; name: string | null };
  kind: CatalogueKind;
  noun: Pick<Term, 'singular' | 'gender'>;
  /** The delete question when it is not the usual "Confirma que deseja excluir o {noun} {name}?". */
  deleteQuestion?: string;
  idOf: (row: T) => number;
  rows: CatalogueRows<T>;
  loadError: string;
  /** The level's own columns; the actions column (level below, edit, delete, re-enable) is added here. */
  columns: Array<DataColumn<T>>;
  /** The row's link to the level below. */
  below: { label: string; href: (row: T) => string };
  emptyText: string;
  defaultSort: SortState;
  minWidth: string;
  /** More buttons beside Cadastrar (the group level's Importar/Exportar). */
  moreActions?: ReactNode;
  dialog: (state: CatalogueDialogState<T>) => ReactNode;
  /** More dialogs the level owns. */
  children?: ReactNode;
};

/**
 * One level of the programme catalogue (groups, solutions, tasks: spec §2 "Solution management"):
 * heading, trail, the table with its row actions, the create/edit dialog and the delete question.
 * The three levels behave alike by design; each screen declares only what is its own.
 */
export function CatalogueList<T extends CatalogueRow>(props: CatalogueListProps<T>) {
  const { level, ids, title, parent, kind, noun, deleteQuestion, idOf, rows, columns, below } = props;
  const words = currentVocabulary();
  const wording = catalogueWording(words);
  const headingId = useId();

  const records = useRecordActions<T>({
    noun: noun.singular.toLowerCase(),
    gender: noun.gender,
    nameOf: (row) => row.nome,
    idOf,
    question: deleteQuestion === undefined ? undefined : () => deleteQuestion,
    warning: wording.deleteWarning(noun),
    deleteById: async (id) => {
      const deleted = await catalogue.deleteCatalogueRecord(
        { kind, id },
        { failure: deleteFailureOf(noun.singular.toLowerCase(), noun.gender) },
      );
      return deleted.ok && deleted.data === 'disabled' ? wording.disabledInstead(noun) : deleted;
    },
    onDeleted: rows.reload,
  });
  const reenable = useReenable(kind, wording.reenabled(noun), rows.reload);

  // Rebuilt each render (the row actions follow the screen's state); a level holds a handful of records.
  const allColumns: Array<DataColumn<T>> = [
    ...columns,
    actionsColumn(
      (row) => (
        <HStack gap="2" justify="flex-end" wrap="wrap">
          <OpenLevelButton to={below.href(row)} label={below.label} name={row.nome} />
          {row.desabilitado ? (
            <DisabledActions name={row.nome} busy={reenable.busyId === idOf(row)} onReenable={() => void reenable.reenable(idOf(row))} />
          ) : (
            records.rowActions(row)
          )}
        </HStack>
      ),
      '18rem',
    ),
  ];

  return (
    <CatalogueScreen title={title} crumbs={catalogueTrail(level, ids, words)}>
      <ListHeading
        title={title}
        id={headingId}
        level={1}
        kicker={parentKicker(parent.noun, parent.name)}
        action={
          <HStack gap="2" wrap="wrap">
            <Button onClick={records.openCreate}>Cadastrar {noun.singular}</Button>
            {props.moreActions}
          </HStack>
        }
      />
      {rows.status === 'error' ? (
        <LoadError message={apiErrorMessage(rows.error, props.loadError)} onRetry={rows.reload} />
      ) : (
        <TableClip>
          <DataTable
            rows={rows.status === 'ready' ? rows.data : rows.status === 'loading' ? (rows.previous ?? []) : []}
            columns={allColumns}
            rowKey={idOf}
            labelledBy={headingId}
            loading={rows.status === 'loading'}
            loadingText={`Carregando ${title.toLowerCase()}…`}
            emptyText={props.emptyText}
            rowTone={(row) => (row.desabilitado ? 'warning' : undefined)}
            defaultSort={props.defaultSort}
            minWidth={props.minWidth}
          />
        </TableClip>
      )}
      {props.dialog({ open: records.dialogOpen, onClose: records.closeDialog, editing: records.editing })}
      {props.children}
      {records.confirmDialog}
    </CatalogueScreen>
  );
}
