import { z } from 'zod';
import { callRaw } from '../../../api/call.ts';
import { api } from '../../../api/client.ts';
import { downloadFile } from '../../../api/download.ts';
import { pathOf, type EndpointSpec } from '../../../contract/endpoint.ts';
import { spreadsheet } from '../../../contract/registers.ts';
import { command, type CallOptions, type CommandResult } from '../../../data/command.ts';
import { query, type Parser, type Query } from '../../../data/query.ts';
import type { SpreadsheetColumn, SpreadsheetRequest } from '../../../domain/spreadsheet.ts';
import { readOf, type RegisterDeclaration, type RegisterRead } from './declaration.ts';
import { SPREADSHEET_FAILED } from './wording.ts';

/**
 * The register pattern's calls, all through the endpoint declarations (src/contract/registers.ts):
 * a declaration names its endpoints, never a path. Reads are `query.online` (src/data): the
 * administrators' reference data is server-only, and equal reads (a combo's list opened by two
 * dialogs) share one request and one cached answer.
 */

// A search (POST) may aggregate a whole tenant's records.
const SEARCH_TIMEOUT_MS = 60_000;

/**
 * Every read of the pattern. The key names what is read (list, record or options: their schemas
 * differ, so a combo's options never answer a list from the cache) and the read itself, compared by value.
 */
const useRegisterRead = query.online(
  (use: 'list' | 'record' | 'options', read: RegisterRead | null, schema: Parser<unknown>, errorMessage?: string) =>
    read === null
      ? null
      : {
          key: ['register', use, read],
          fetch: (signal: AbortSignal) =>
            typeof read === 'string'
              ? api.get(read, { signal }).json()
              : api.post(read.path, { json: read.body, signal, timeout: SEARCH_TIMEOUT_MS }).json(),
          schema,
          errorMessage,
        },
);

// z.array(row) built once per row schema, not on every render.
const listSchemas = new WeakMap<z.ZodType, z.ZodType>();
function listOf<Row>(row: z.ZodType<Row>): z.ZodType<Row[]> {
  let schema = listSchemas.get(row);
  if (!schema) {
    schema = z.array(row);
    listSchemas.set(row, schema);
  }
  return schema as z.ZodType<Row[]>;
}

/** The register's list; the previous answer stays on screen while a new one (another filter) loads. */
function useRegisterList<Row>(read: RegisterRead | null, row: z.ZodType<Row>, errorMessage: string): Query<Row[]> {
  return useRegisterRead('list', read, listOf(row), errorMessage) as Query<Row[]>;
}

/** One record by id (the full-page form); null reads nothing. */
function useRegisterRecord<Row>(
  ep: EndpointSpec | undefined,
  id: number | null,
  row: z.ZodType<Row>,
  errorMessage: string,
): Query<Row> {
  return useRegisterRead('record', ep && id !== null ? readOf(ep, { params: { id } }) : null, row, errorMessage) as Query<Row>;
}

/** Options of a combo: the list endpoint it names (a GET without parameters); null until a dialog asks for them. */
function useOptionList(ep: EndpointSpec | null, schema: z.ZodType<unknown[]>): Query<unknown[]> {
  return useRegisterRead('options', ep === null ? null : readOf(ep), schema) as Query<unknown[]>;
}

// ---------------------------------------------------------------- writes (src/data commands)

// A failure is shown once by the command (a form passes { inline: true } and shows it itself, in the
// register's words); after a write every read of the pattern is refreshed, the list's own reload included.

/** Every read of the pattern starts with this key (useRegisterRead), so one invalidation reaches them all. */
const refreshesRegisters = () => [['register']];

type Values = Record<string, unknown>;

/** What a form saves: the declaration, the checked values and the record edited (null for a new one). */
export type RecordSave<Row> = { declaration: RegisterDeclaration<Row, Values>; values: Values; row: Row | null };

/** The answer is parsed by the send itself: its schema is the declaration's row, which varies per call. */
const asSent: Parser<unknown> = { parse: (answer) => answer };

const sendRecord = command.online({
  /** POST for a new record, PUT with its id for an edited one; the body is the checked values unless the declaration says otherwise. */
  send: async ({ declaration, values, row }: RecordSave<unknown>) => {
    const body = declaration.form?.toBody
      ? declaration.form.toBody(values, row)
      : row
        ? { ...values, [declaration.idKey]: declaration.idOf(row) }
        : values;
    const ep = row ? declaration.api.update! : declaration.api.create!;
    return declaration.row.parse(await (await callRaw(ep as never, { body } as never)).json());
  },
  schema: asSent,
  invalidates: refreshesRegisters,
  failure: { message: 'Não foi possível salvar. Verifique sua conexão e tente novamente.' },
});

/** Saves a register's record and answers it as the server stored it. */
function saveRecord<Row>(save: RecordSave<Row>, options?: CallOptions): Promise<CommandResult<Row>> {
  return sendRecord(save as RecordSave<unknown>, options) as Promise<CommandResult<Row>>;
}

/** 409 while other records use it: the server names why, and the command says so. */
const deleteRecord = command.online({
  send: ({ ep, id }: { ep: EndpointSpec; id: number }) => callRaw(ep as never, { params: { id } } as never),
  invalidates: refreshesRegisters,
  failure: { message: 'Não foi possível excluir o registro.' },
});

/** POST api/planilha: what the list shows, saved as `{name}.xlsx` (the one Excel export of the lists). */
const exportRows = command.online({
  send: ({ name, columns, rows }: { name: string; columns: SpreadsheetColumn[]; rows: SpreadsheetRequest['linhas'] }) => {
    const body: SpreadsheetRequest = { nome: name, colunas: columns, linhas: rows };
    return downloadFile(pathOf(spreadsheet), `${name}.xlsx`, () => undefined, { json: body });
  },
  failure: { message: SPREADSHEET_FAILED },
});

export { readOf };

/** The register pattern's data object: every register's list, record, options and writes go through it. */
export const registerData = {
  useRegisterList,
  useRegisterRecord,
  useOptionList,
  saveRecord,
  deleteRecord,
  exportRows,
  refreshesRegisters,
};
