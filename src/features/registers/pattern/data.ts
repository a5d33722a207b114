import { useMemo } from 'react';
import { z } from 'zod';
import { callRaw } from '../../../api/call.ts';
import { downloadFile } from '../../../api/download.ts';
import { useServerData, type ServerRead } from '../../../api/use-server-data.ts';
import { pathOf, type EndpointSpec } from '../../../contract/endpoint.ts';
import { readOf } from './declaration.ts';
import { spreadsheet } from '../../../contract/registers.ts';
import type { SpreadsheetColumn, SpreadsheetRequest } from '../../../domain/spreadsheet.ts';

/**
 * The register pattern's calls, all through the endpoint declarations (src/contract/registers.ts):
 * a declaration names its endpoints, never a path.
 */

/** The register's list; kept on screen while a reload runs. */
export function useRegisterList<Row>(read: ServerRead | null, row: z.ZodType<Row>, errorMessage: string) {
  const schema = useMemo(() => z.array(row), [row]);
  return useServerData(read, schema, errorMessage);
}

/** One record by id (the full-page form); null reads nothing. */
export function useRegisterRecord<Row>(ep: EndpointSpec | undefined, id: number | null, row: z.ZodType<Row>, errorMessage: string) {
  return useServerData(ep && id !== null ? readOf(ep, { params: { id } }) : null, row, errorMessage);
}

/** Options of a combo (GET of another register); null until a dialog asks for them. */
export function useOptionList(read: ServerRead | null, schema: z.ZodType<unknown[]>) {
  return useServerData(read, schema);
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
