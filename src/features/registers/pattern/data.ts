import { useMemo } from 'react';
import { z } from 'zod';
import { api } from '../../../api/client.ts';
import { downloadFile } from '../../../api/download.ts';
import { useServerData, type ServerRead } from '../../../api/use-server-data.ts';
import type { SpreadsheetColumn, SpreadsheetRequest } from '../../../domain/spreadsheet.ts';

/** The register's list; kept on screen while a reload runs. */
export function useRegisterList<Row>(read: ServerRead | null, row: z.ZodType<Row>, errorMessage: string) {
  const schema = useMemo(() => z.array(row), [row]);
  return useServerData(read, schema, errorMessage);
}

/** Options of a combo (GET of another register); null until a dialog asks for them. */
export function useOptionList(read: ServerRead | null, schema: z.ZodType<unknown[]>) {
  return useServerData(read, schema);
}

export async function createRecord<Row>(path: string, body: unknown, row: z.ZodType<Row>): Promise<Row> {
  return row.parse(await api.post(path, { json: body }).json());
}

export async function updateRecord<Row>(path: string, body: unknown, row: z.ZodType<Row>, method: 'PUT' | 'POST' = 'PUT'): Promise<Row> {
  return row.parse(await (method === 'POST' ? api.post(path, { json: body }) : api.put(path, { json: body })).json());
}

/** 409 while other records use it: the server names why, and the list says so. */
export async function deleteRecord(path: string): Promise<void> {
  await api.delete(path);
}

/** POST api/planilha: what the list shows, saved as `{name}.xlsx` (the one Excel export of the lists). */
export function exportRows(name: string, columns: SpreadsheetColumn[], rows: SpreadsheetRequest['linhas']): Promise<void> {
  const body: SpreadsheetRequest = { nome: name, colunas: columns, linhas: rows };
  return downloadFile('planilha', `${name}.xlsx`, () => undefined, { json: body });
}
