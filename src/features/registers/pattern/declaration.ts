import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { FlagKey } from '../../../domain/permission-flags.ts';
import type { Vocabulary } from '../../../domain/vocabulary.ts';
import { pathOf, type EndpointSpec } from '../../../contract/endpoint.ts';
import type { ComboOption } from '../../../ui/combo.tsx';
import type { DataColumn, SortState } from '../../../ui/data-table.tsx';

/**
 * A register of the back-office (issue 17) as data: what the list shows, how a record is written,
 * and who may open it. RegisterScreen (./register-screen.tsx) renders every declaration the same
 * way — heading, search, the shared table, Excel export, create/edit dialog, delete with Sim/Não —
 * so a register is its declaration and nothing else. See docs/architecture.md "Registers".
 */

/**
 * A read of the API, built by `readOf` from an endpoint declaration (never a path written by hand):
 * a GET of the endpoint's path, or a POST of `body` to it (the get-by-filtro searches).
 */
export type RegisterRead = string | { path: string; body: unknown };

/**
 * Where a combo's options come from: the list endpoint of another register or domain (a GET without
 * parameters, read once per dialog), or a fixed list.
 */
export type RegisterOptions =
  | { read: EndpointSpec; schema: z.ZodType<unknown[]>; toOption: (item: never) => ComboOption<number> | null }
  | { fixed: ReadonlyArray<ComboOption<number>> };

type FieldBase<I> = {
  name: Extract<keyof I, string>;
  label: string;
  required?: boolean;
  helperText?: string;
  /** Shown only when this says so (e.g. the visit fields of a solution with monitoramento 2). */
  visible?: (values: Record<string, unknown>) => boolean;
};

/**
 * A form field. Numbers are typed as text (`integer`: digits only; `decimal`: digits and one comma)
 * and parsed before the domain schema checks them, so what the user typed is kept on an error.
 */
export type RegisterField<I> = FieldBase<I> &
  (
    | { kind: 'text'; maxLength?: number; /** Letters and spaces only (spec §5: alpha input). */ alpha?: boolean }
    | { kind: 'textarea'; maxLength?: number }
    | { kind: 'integer'; maxDigits?: number }
    | { kind: 'decimal' }
    /** An amount in R$ (the one money field, MoneyInput): the form holds cents, the schema reads reais. */
    | { kind: 'money' }
    | { kind: 'checkbox' }
    | { kind: 'date' }
    | { kind: 'select'; options: RegisterOptions; emptyText: string }
    /** A short fixed list of text values (e.g. a medal's level), as the browser's select. */
    | { kind: 'choice'; choices: ReadonlyArray<{ value: string; label: string }>; placeholder?: string }
    | {
        kind: 'multiselect';
        options: RegisterOptions;
        emptyText: string;
        /** Spec §9: 1 or 2 chips. */
        maxChips?: number;
        /** Spec §5: at most 5 axes, the others disabled. */
        maxSelected?: number;
        overflowNoun?: { one: string; many: string };
      }
  );

export type RegisterForm<Row, I extends Record<string, unknown>> = {
  /** The domain's create schema (src/domain), the one the server checks: a z.object. */
  schema: z.ZodObject;
  fields: ReadonlyArray<RegisterField<I>>;
  /** The form's values for a new record (null) or the one edited. Numbers may be given as numbers. */
  initial: (row: Row | null) => I;
  /** The body sent; defaults to the checked values, plus the row's id key when editing. */
  toBody?: (data: Record<string, unknown>, row: Row | null) => unknown;
  /** Spec §9: 600 or 800 px. */
  width?: 600 | 800;
};

/** A register's endpoints (src/contract/registers.ts), never paths: the pattern calls them. */
export type RegisterApi = {
  /** The list's read (pattern/data.ts readOf); a function of the filters' state when the server filters (e.g. units by UF); null reads nothing yet. */
  list: RegisterRead | ((filters: Record<string, unknown>) => RegisterRead | null);
  /** Absent when records are not created here. */
  create?: EndpointSpec;
  /** The update (a PUT, or the POST the API takes). */
  update?: EndpointSpec;
  /** The delete of one record (`:id`). */
  remove?: EndpointSpec;
  /** One record (`:id`): the full-page edit form reads it. */
  get?: EndpointSpec;
};

/** Full-page create/edit forms instead of the dialog (spec §2: /faixas/add, /faixas/edit/{id}). */
export type RegisterPages = {
  /** The list's path, where the form goes back to. */
  list: string;
  create: string;
  edit: (id: number) => string;
};

export type RegisterDeclaration<Row, I extends Record<string, unknown> = Record<string, unknown>> = {
  /** Stable key (tests, React). */
  key: string;
  /** The heading and the menu's label; a function when the variant renames it (Eixos → Pilares). */
  title: string | ((words: Vocabulary) => string);
  /** One record: the buttons, the question and the toasts are worded from it. */
  noun: { name: string | ((words: Vocabulary) => string); gender: 'm' | 'f' | ((words: Vocabulary) => 'm' | 'f') };
  /** The menu flag that opens the screen; the server checks the same (canManage) on every write. */
  flag: FlagKey;
  api: RegisterApi;
  row: z.ZodType<Row>;
  idOf: (row: Row) => number;
  nameOf: (row: Row) => string;
  /** The key of the record's id in an update body (e.g. "temaId"). */
  idKey: string;
  columns: (words: Vocabulary) => Array<DataColumn<Row>>;
  defaultSort?: SortState;
  /** Spec §8: "Nenhum Tema retornado"… */
  emptyText: string | ((words: Vocabulary) => string);
  /** Notified when the list cannot be read (spec §8: "Erro ao obter Temas"). */
  loadError: string;
  form?: RegisterForm<Row, I>;
  /** Create and edit on pages of their own (routes.tsx `registerPage`), not in a dialog. */
  pages?: RegisterPages;
  /** false: records are never deleted here (a register whose rows are disabled instead). */
  deletable?: boolean;
  /** The file and sheet name of the Excel export. */
  exportName: string;
  /** More buttons beside "Exportar Excel" (e.g. a file the server builds). */
  headerActions?: () => ReactNode;
  /** More buttons on a row, before Editar/Excluir. */
  rowActions?: (row: Row, reload: () => void) => ReactNode;
  /** Filters above the table beside the search; they narrow `rows` through `filterRows`. */
  filters?: RegisterFilters<Row>;
  /** Why a row can be neither edited nor deleted now, or undefined. */
  lockedReason?: (row: Row) => string | undefined;
  /** Screens of the same family without a menu entry, linked beside the heading's buttons (/eixos → /eixosGrupo). */
  links?: (words: Vocabulary) => Array<{ to: string; label: string }>;
};

export type RegisterFilters<Row> = {
  render: (state: Record<string, unknown>, set: (key: string, value: unknown) => void) => ReactNode;
  apply: (rows: readonly Row[], state: Record<string, unknown>) => Row[];
  initial: Record<string, unknown>;
};

/** Identity with the types checked: `defineRegister<ThemeRow, ThemeForm>({...})`. */
export function defineRegister<Row, I extends Record<string, unknown> = Record<string, unknown>>(
  declaration: RegisterDeclaration<Row, I>,
): RegisterDeclaration<Row, I> {
  return declaration;
}

type Params = Record<string, string | number>;

/**
 * The read of a list endpoint: a GET of its URL, or a POST of `body` (a search). Here, not in data.ts,
 * because every register's declaration names its reads and must load without the HTTP client.
 */
export function readOf(ep: EndpointSpec, input: { params?: Params; body?: unknown } = {}): RegisterRead {
  const path = pathOf(ep, input.params);
  return ep.method === 'GET' ? path : { path, body: input.body ?? {} };
}
