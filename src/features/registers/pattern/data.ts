import { z } from 'zod';
import { callRaw } from '../../../api/call.ts';
import { api } from '../../../api/client.ts';
import { downloadFile } from '../../../api/download.ts';
import { pathOf, type EndpointSpec } from '../../../contract/endpoint.ts';
import { spreadsheet } from '../../../contract/registers.ts';
import { query, type Parser, type Query } from '../../../data/query.ts';
import type { SpreadsheetColumn, SpreadsheetRequest } from '../../../domain/spreadsheet.ts';
import { readOf, type RegisterRead } from './declaration.ts';

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
export function useRegisterList<Row>(read: RegisterRead | null, row: z.ZodType<Row>, errorMessage: string): Query<Row[]> {
  return useRegisterRead('list', read, listOf(row), errorMessage) as Query<Row[]>;
}

/** One record by id (the full-page form); null reads nothing. */
export function useRegisterRecord<Row>(
  ep: EndpointSpec | undefined,
  id: number | null,
  row: z.ZodType<Row>,
  errorMessage: string,
): Query<Row> {
  return useRegisterRead('record', ep && id !== null ? readOf(ep, { params: { id } }) : null, row, errorMessage) as Query<Row>;
}

/** Options of a combo: the list endpoint it names (a GET without parameters); null until a dialog asks for them. */
export function useOptionList(ep: EndpointSpec | null, schema: z.ZodType<unknown[]>): Query<unknown[]> {
  return useRegisterRead('options', ep === null ? null : readOf(ep), schema) as Query<unknown[]>;
}

/** Sends a body to a register's create or update endpoint (its method is the declaration's) and reads the row back. */
export async function saveRecordTo<Row>(ep: EndpointSpec, body: unknown, row: z.ZodType<Row>): Promise<Row> {
  return row.parse(await (await callRaw(ep as never, { body } as never)).json());
}

/** 409 while other records use it: the server names why, and the list says so. */
export async function deleteRecord(ep: EndpointSpec, id: number): Promise<void> {
  await callRaw(ep as never, { params: { id } } as never);
}

/** POST api/planilha: what the list shows, saved as `{name}.xlsx` (the one Excel export of the lists). */
export function exportRows(name: string, columns: SpreadsheetColumn[], rows: SpreadsheetRequest['linhas']): Promise<void> {
  const body: SpreadsheetRequest = { nome: name, colunas: columns, linhas: rows };
  return downloadFile(pathOf(spreadsheet), `${name}.xlsx`, () => undefined, { json: body });
}

export { readOf };
