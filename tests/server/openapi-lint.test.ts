import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The published OpenAPI document (issue 13, item 10): valid under @redocly/cli lint (its
 * recommended rules: 0 errors), every operation with its own operationId, the headers each route
 * takes, the multipart and binary bodies, and the public routes marked as needing no token.
 */

type Parameter = { in: string; name: string; required?: boolean };
type Operation = {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: { type?: string; format?: string } }> }>;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};
type Document = { paths: Record<string, Record<string, Operation>> };
type Problem = { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] };

const run = promisify(execFile);
const REDOCLY = path.resolve('node_modules/@redocly/cli/bin/cli.js');

let t: TestApp;
let dir: string;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'ce-openapi-'));
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function operations(): [string, string, Operation][] {
  return Object.entries(document.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([m, op]) => [m, p, op] as [string, string, Operation]),
  );
}

function headers(op: Operation): string[] {
  return (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
}

describe('OpenAPI document', () => {
  it('has no error under redocly lint', async () => {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    // lint exits 1 when it finds errors; its JSON report is on stdout either way.
    const { stdout } = await run(process.execPath, [REDOCLY, 'lint', file, '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: Problem[] };
    const describe = (p: Problem) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`;
    expect(report.problems.filter((p) => p.severity === 'error').map(describe)).toEqual([]);
    expect(report.problems.filter((p) => p.ruleId.startsWith('operation-operationId')).map(describe)).toEqual([]);
    console.info(`redocly lint: ${report.totals.errors} errors, ${report.totals.warnings} warnings`, report.problems.map(describe));
  }, 60_000);

  it('gives every operation its own operationId', () => {
    const ids = operations().map(([, , op]) => op.operationId);
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/relatorio/get-by-id/{id}']!.get!.operationId).toBe('getRelatorioGetByIdById');
  });

  it('marks the public routes as needing no token, and only those', () => {
    const open = operations()
      .filter(([, , op]) => Array.isArray(op.security) && op.security.length === 0)
      .map(([m, p]) => `${m.toUpperCase()} ${p}`)
      .sort();
    expect(open).toEqual(
      [
        'GET /api/health',
        // São Paulo single sign-on: the provider's settings for the app, and the login by ID token.
        'GET /api/amei/configuracao',
        'POST /api/amei/login',
        'POST /api/usuario/login',
        'POST /api/usuario/recuperar-senha',
        'POST /api/usuario/primeiro-acesso',
        'POST /api/usuario/verifica-token-valido',
        'POST /api/usuario/trocar-senha',
        'GET /api/relatorio/obter-publico/{codigo}',
        'GET /api/relatorioadministrativo/relatorioadministrativo/obter-publico/{codigo}',
        // A rejected evidence (and the diagnostic seal files) by its unguessable token.
        'GET /api/publico/evidencia/{token}',
        // The Sala's shared links by their revocable secret: one 5W2H plan, the time room's panel.
        'GET /api/sala5w2h/{hash}/{id}',
        'GET /api/salatempo/painel-publico/{hash}',
        // The mystery shopper's seal certificate by its unguessable id (issue 31).
        'GET /api/cliente-oculto/selo/download/{token}',
      ].sort(),
    );
  });

  it('declares the database and branch headers on tenant routes, and Idempotency-Key where a repeat is replayed', () => {
    for (const [method, p, op] of operations()) {
      const names = headers(op);
      // Neither names a tenant: the health check, and the single sign-on settings (São Paulo's alone).
      if (p === '/api/health' || p === '/api/amei/configuracao') {
        expect(names).toEqual([]);
        continue;
      }
      expect(names, `${method} ${p}`).toEqual(expect.arrayContaining(['database', 'branch']));
      expect(op.parameters!.find((x) => x.name === 'database')!.required, `${method} ${p}`).toBe(true);
    }
    expect(headers(document.paths['/api/relatorio']!.post!)).toContain('Idempotency-Key');
    expect(headers(document.paths['/api/municipio/{id}']!.delete!)).toContain('Idempotency-Key');
    // Reads and the resumable upload steps (idempotent by themselves) ignore the header.
    expect(headers(document.paths['/api/municipio']!.get!)).not.toContain('Idempotency-Key');
    expect(headers(document.paths['/api/upload/{uploadId}']!.put!)).not.toContain('Idempotency-Key');
    expect(headers(document.paths['/api/arquivo/anexo/download/{id}']!.post!)).not.toContain('Idempotency-Key');
  });

  it('documents the file downloads under their real content types, with a binary schema (issue 25)', () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const files: Array<[string, string, string[]]> = [
      ['get', '/api/projeto/grupoSolucao/modelo-importacao', [xlsx]],
      ['get', '/api/projeto/grupoSolucao/exportar/{id}', [xlsx]],
      ['get', '/api/UnidadeRegional/gerar-xlsx-unidade-regional', [xlsx]],
      ['get', '/api/seloDiagnosticoResposta/selo-diagnostico-pdf-by-municipioId/{id}', ['application/pdf']],
      // An evidence file is sent as its own type: PDF or Excel.
      ['get', '/api/pergunta/perguntaevidencia/{id}', ['application/pdf', xlsx, 'application/vnd.ms-excel']],
      ['get', '/api/relatorio/download-evidencias-rejeitadas/{id}', ['application/zip']],
      ['post', '/api/planilha', [xlsx]],
    ];
    for (const [method, p, types] of files) {
      const content = document.paths[p]?.[method]?.responses?.['200']?.content;
      expect(content, `${method} ${p}`).toBeDefined();
      expect(Object.keys(content!).sort(), `${method} ${p}`).toEqual([...types].sort());
      for (const type of types) expect(content![type]!.schema, `${method} ${p} ${type}`).toEqual({ type: 'string', format: 'binary' });
    }
  });

  it('describes the multipart report form and the binary upload chunk', () => {
    const create = document.paths['/api/relatorio']!.post!.requestBody!.content;
    expect(Object.keys(create).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(Object.keys(create['multipart/form-data']!.schema!.properties!)).toEqual(
      expect.arrayContaining(['municipioId', 'encontroId', 'descricao', 'convidadosRelatorioString', 'tarefasRelatorioString', 'arquivos']),
    );
    expect(create['multipart/form-data']!.schema!.properties).not.toHaveProperty('arquivosUploadIds');
    expect(Object.keys(document.paths['/api/upload/{uploadId}']!.put!.requestBody!.content)).toEqual(['application/octet-stream']);
  });
});
