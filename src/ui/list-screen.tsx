import { Box, Button, Heading, HStack, Stack, Text, type SystemStyleObject } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useConfirm } from './confirm-dialog.tsx';
import type { DataColumn } from './data-table.tsx';
import { CONFIRM_MESSAGES } from '../domain/confirm-messages.ts';
import type { CommandResult } from '../lib/command-result.ts';
import { notifySuccess } from '../lib/notify.ts';

export type RecordActionsOptions<T> = {
  /** What one record is called ("projeto", "tarefa"): the buttons, the question and the toasts are worded from it. */
  noun: string;
  /** The noun's gender, for "o"/"a" and "excluído"/"excluída"; masculine unless said. */
  gender?: 'm' | 'f';
  nameOf: (record: T) => string;
  idOf: (record: T) => number;
  /**
   * A data object's command (src/data/command.ts), passed as is or wrapped: its failure is already
   * shown (a 409 names what still uses the record), so nothing more is said here. A string it
   * resolves to is a success said instead of the usual toast (a record the server disabled rather
   * than deleted).
   */
  deleteById: (id: number) => Promise<string | CommandResult<unknown>>;
  onDeleted: () => void;
  /** Defaults to "Editar". */
  editText?: string;
  /** The question, when its wording is not the usual "Confirma que deseja excluir o {noun} {name}?". */
  question?: (record: T) => string;
  /** Why a record can be neither edited nor deleted now (shown on its edit button), or undefined. */
  lockedReason?: (record: T) => string | undefined;
  /** What follows the question; defaults to "Esta ação não poderá ser desfeita." */
  warning?: string;
  /** Editar does this instead of opening the dialog (a record edited on a page of its own). */
  onEdit?: (record: T) => void;
};

/**
 * What a register's list does with its records: open the create/edit dialog, and delete a record
 * once the user confirms. Render `confirmDialog` once in the screen.
 */
export function useRecordActions<T>({
  noun,
  gender = 'm',
  nameOf,
  idOf,
  deleteById,
  onDeleted,
  editText = 'Editar',
  question,
  lockedReason,
  warning = CONFIRM_MESSAGES.irreversible,
  onEdit,
}: RecordActionsOptions<T>) {
  const article = gender === 'f' ? 'a' : 'o';
  const [dialogOpen, setDialogOpen] = useState(false);
  // Kept while the dialog animates out, so its title does not flip to the "new" one on close.
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [confirm, confirmDialog] = useConfirm();

  /** null registers a new record. */
  function openDialog(record: T | null) {
    setEditing(record);
    setDialogOpen(true);
  }

  async function remove(record: T) {
    const confirmed = await confirm({
      title: `Excluir ${noun}`,
      body: `${question?.(record) ?? `Confirma que deseja excluir ${article} ${noun} ${nameOf(record)}?`} ${warning}`,
      destructive: true,
    });
    if (!confirmed) return;
    const id = idOf(record);
    setDeleting(id);
    try {
      const said = await deleteById(id);
      if (typeof said === 'object' && !said.ok) return;
      notifySuccess((typeof said === 'string' && said) || `${noun.charAt(0).toUpperCase()}${noun.slice(1)} excluíd${article} com sucesso`);
      onDeleted();
    } finally {
      setDeleting(null);
    }
  }

  /** The row's Editar and Excluir, named for screen readers by the record ("Editar projeto Saúde"). */
  function rowActions(record: T) {
    const name = `${noun} ${nameOf(record)}`;
    const locked = lockedReason?.(record);
    return (
      <HStack gap="2" justify="flex-end">
        <Button
          size="xs"
          variant="outline"
          aria-label={`${editText} ${name}`}
          disabled={locked !== undefined}
          title={locked}
          onClick={() => (onEdit ? onEdit(record) : openDialog(record))}
        >
          {editText}
        </Button>
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          aria-label={`Excluir ${name}`}
          loading={deleting === idOf(record)}
          disabled={locked !== undefined}
          onClick={() => void remove(record)}
        >
          Excluir
        </Button>
      </HStack>
    );
  }

  return {
    dialogOpen,
    editing,
    openCreate: () => openDialog(null),
    closeDialog: () => setDialogOpen(false),
    rowActions,
    confirmDialog,
  };
}

/** How a delete command words a refusal the server gives no reason for ("Não foi possível excluir o projeto."). */
export function deleteFailureOf(noun: string, gender: 'm' | 'f' = 'm'): { message: string } {
  return { message: `Não foi possível excluir ${gender === 'f' ? 'a' : 'o'} ${noun}.` };
}

/** The last column of a register's table, with the row's buttons. */
export function actionsColumn<T>(cell: (row: T) => ReactNode, width = '11rem'): DataColumn<T> {
  return { key: 'acoes', header: 'Ações', sortable: false, align: 'end', width, cell };
}

export type ListHeadingProps = {
  title: ReactNode;
  /** For the table's labelledBy. */
  id: string;
  /** 1 on a screen of its own, 2 on a tab of the city area. */
  level: 1 | 2;
  /** A line above the title saying what it is ("Membros do grupo"). */
  kicker?: string;
  /** The create button. */
  action?: ReactNode;
};

export function ListHeading({ title, id, level, kicker, action }: ListHeadingProps) {
  const heading = (
    <Heading as={level === 1 ? 'h1' : 'h2'} size={level === 1 ? '2xl' : 'xl'} id={id} overflowWrap="anywhere">
      {title}
    </Heading>
  );
  return (
    <HStack justify="space-between" gap="3" wrap="wrap">
      {kicker ? (
        <Stack gap="0" minW="0">
          <Text textStyle="sm" color="fg.muted">
            {kicker}
          </Text>
          {heading}
        </Stack>
      ) : (
        heading
      )}
      {action}
    </HStack>
  );
}

/** In place of a list that could not be loaded: why, and a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <HStack gap="4" wrap="wrap" py="4" role="alert">
      <Text color="fg.muted">{message}</Text>
      <Button variant="outline" size="sm" onClick={() => onRetry()}>
        Tentar novamente
      </Button>
    </HStack>
  );
}

/**
 * Around a table with cut texts: their screen-reader copies are absolutely positioned and would
 * escape the table's sideways scroll, widening a phone's page at 360 px. Clipping here keeps the
 * page still; the padding leaves room for the scroll box's focus ring.
 */
export function TableClip({ children, css }: { children: ReactNode; css?: SystemStyleObject }) {
  return (
    <Box position="relative" overflow="clip" p="1" m="-1" css={css}>
      {children}
    </Box>
  );
}

/**
 * Title links of long lists (reports, follow-ups), styled like AppLink by one rule on the table's wrapper:
 * a plain router link per row keeps thousands of rows cheap to render.
 */
export const LINK_CELLS = {
  '& :is(th[scope="row"], [data-card-title]) a': { color: 'colorPalette.fg', fontWeight: 'medium', textUnderlineOffset: '3px' },
  '& :is(th[scope="row"], [data-card-title]) a:hover': { textDecoration: 'underline' },
  '& :is(th[scope="row"], [data-card-title]) a:focus-visible': {
    outline: '2px solid',
    outlineColor: 'colorPalette.focusRing',
    outlineOffset: '2px',
    borderRadius: 'l1',
  },
} as const;
