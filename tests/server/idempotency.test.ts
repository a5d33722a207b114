import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_REPLAYED_HEADER, UPLOAD_MESSAGES } from '../../src/domain/uploads.ts';
import { encontro, idempotencyKey, municipio, municipioGrupo, relatorio, usuario } from '../../server/db/schema/index.ts';
import { buildApp } from '../../server/app.ts';
import { INCOMING_FOLDER, incomingKey } from '../../server/features/uploads/repository.ts';
import { purgeExpiredIdempotencyKeys } from '../../server/plugins/idempotency.ts';
import { authHeaders, createTestApp, type TestApp, demoSignIns } from './test-app.ts';

let t: TestApp;
let municipioId: number;
let grupoId: number;
/** Calls of the test-only route that fails its first call with a 500. */
/** Calls of the flaky route per body `x`: each test uses its own x, so none depends on another's calls. */
const flakyCalls = new Map<string, number>();
const callsOf = (x: unknown) => flakyCalls.get(String(x)) ?? 0;

const MEMBER_URL = '/api/municipio/membro/cadastrar-membro';
const FLAKY_URL = '/api/teste/falha-na-primeira';
const SLOW_URL = '/api/teste/escrita-lenta';
/** A key held by another instance is watched this long before a 503 (config.idempotencyWaitMs). */
const CROSS_INSTANCE_WAIT_MS = 300;
/** Runs of the slow route per body `x`. */
const slowCalls = new Map<string, number>();

const token = demoSignIns(() => t);

let phoneCounter = 0;
function newMember(nome: string) {
  phoneCounter++;
  return {
    municipioId,
    nome,
    email: 'idempotencia@exemplo.com.br',
    telefone: `(48) 96${String(phoneCounter).padStart(3, '0')}-${String(1000 + phoneCounter)}`,
    cpf: null,
    cargo: null,
    orgao: null,
    instituicaoId: null,
    membroGrupos: [{ grupoId, lider: false }],
  };
}

async function post(url: string, key: string | undefined, payload: unknown, user = 'admin') {
  const headers: Record<string, string> = authHeaders(await token(user));
  if (key !== undefined) headers[IDEMPOTENCY_HEADER] = key;
  return t.app.inject({ method: 'POST', url, headers, payload: payload as never });
}

async function membersNamed(nome: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/municipio/membro', headers: authHeaders(await token('admin')) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { nome: string }[]).filter((m) => m.nome === nome).length;
}

const newKey = () => randomUUID();

beforeAll(async () => {
  t = await createTestApp({
    config: { idempotencyWaitMs: CROSS_INSTANCE_WAIT_MS },
    beforeReady(app) {
      // A write that takes several times the cross-instance wait, as one queued behind a flush does.
      app.post(SLOW_URL, async (request, reply) => {
        const { x } = request.body as { x: string };
        slowCalls.set(x, (slowCalls.get(x) ?? 0) + 1);
        await sleep(CROSS_INSTANCE_WAIT_MS * 5);
        return reply.status(201).send({ x, execucao: randomUUID() });
      });
      // A real route of the real app that fails once, as a handler hitting a transient fault would.
      // The first call for a body with falharNaPrimeira fails.
      app.post(FLAKY_URL, async (request, reply) => {
        const body = request.body as { x?: unknown; falharNaPrimeira?: boolean };
        const calls = callsOf(body.x) + 1;
        flakyCalls.set(String(body.x), calls);
        if (body.falharNaPrimeira && calls === 1) throw new Error('falha transitória simulada');
        return reply.status(201).send({ chamada: calls });
      });
    },
  });
  const [city] = await t.db
    .select()
    .from(municipio)
    .where(and(eq(municipio.tenantId, 'sc'), eq(municipio.nome, 'Florianópolis')));
  municipioId = city!.municipioId;
  const [group] = await t.db.select().from(municipioGrupo).where(eq(municipioGrupo.municipioId, municipioId)).limit(1);
  grupoId = group!.grupoId;
});
afterAll(async () => t?.close());

describe('Idempotency-Key on POST cadastrar-membro', () => {
  it('a repeat answers the first answer, marked as replayed, and creates nothing', async () => {
    const key = newKey();
    const body = newMember('Idempotente Repetido');
    const first = await post(MEMBER_URL, key, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    const again = await post(MEMBER_URL, key, body);
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.json()).toEqual(first.json());
    expect(await membersNamed('Idempotente Repetido')).toBe(1);
  });

  it('two identical requests at once create one member and get the same answer', async () => {
    const key = newKey();
    const body = newMember('Idempotente Concorrente');
    const [a, b] = await Promise.all([post(MEMBER_URL, key, body), post(MEMBER_URL, key, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    const replayed = [a, b].filter((r) => r.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()] === 'true');
    expect(replayed).toHaveLength(1);
    expect(await membersNamed('Idempotente Concorrente')).toBe(1);
  });

  it('two requests with one key at once in one process: the handler runs once and both get its answer, however long it takes', async () => {
    // The second waits for the first in this process (its holder is alive by definition), not for
    // the database's answer as it would for another instance's key, which gives up after 300 ms.
    const key = newKey();
    const body = { x: 'lenta-concorrente' };
    const [a, b] = await Promise.all([post(SLOW_URL, key, body), post(SLOW_URL, key, body)]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([201, 201]);
    expect(a.body).toBe(b.body);
    expect([a, b].filter((r) => r.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()] === 'true')).toHaveLength(1);
    expect(slowCalls.get('lenta-concorrente')).toBe(1);
    const rows = await t.db.select().from(idempotencyKey).where(eq(idempotencyKey.key, key));
    expect(rows.map((r) => r.state)).toEqual(['done']);
  });

  it('the same key with another body is a 409 and the second body is not applied', async () => {
    const key = newKey();
    expect((await post(MEMBER_URL, key, newMember('Idempotente Original'))).statusCode).toBe(201);
    const other = await post(MEMBER_URL, key, newMember('Idempotente Outro Corpo'));
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(UPLOAD_MESSAGES.chaveReutilizada);
    expect(await membersNamed('Idempotente Outro Corpo')).toBe(0);
  });

  it("a key used by another user never replays that user's answer", async () => {
    const key = newKey();
    const first = await post(MEMBER_URL, key, newMember('Idempotente Do Admin'));
    expect(first.statusCode).toBe(201);
    const mine = await post(MEMBER_URL, key, newMember('Idempotente Do Condutor'), 'condutor');
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(mine.json().nome).toBe('Idempotente Do Condutor');
    expect(mine.json().membroId).not.toBe(first.json().membroId);
  });

  it('a 400 is stored and replayed (validation runs after the key is taken)', async () => {
    const key = newKey();
    const invalid = { ...newMember('Idempotente Invalido'), nome: '' };
    const first = await post(MEMBER_URL, key, invalid);
    expect(first.statusCode).toBe(400);
    const again = await post(MEMBER_URL, key, invalid);
    expect(again.statusCode).toBe(400);
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('refuses a malformed key before doing anything', async () => {
    const res = await post(MEMBER_URL, 'curta', newMember('Idempotente Chave Ruim'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.chaveInvalida);
    expect(await membersNamed('Idempotente Chave Ruim')).toBe(0);
  });
});

describe('a burst of repeats of one POST /api/relatorio (issue 13, item 1)', () => {
  /** A new meeting of the admin's municipality with no report yet, and a report for it as the outbox sends one. */
  async function reportPayload() {
    const inicio = new Date(Date.UTC(2026, 9, 1, 12) + Math.floor(Math.random() * 1e9));
    const [meeting] = await t.db
      .insert(encontro)
      .values({ tenantId: 'sc', municipioId, grupoId, inicio, fim: new Date(inicio.getTime() + 7_200_000), titulo: 'Encontro da rajada' })
      .returning();
    return {
      municipioId,
      encontroId: meeting!.encontroId,
      titulo: '',
      descricao: '<p>Encontro com o grupo</p>',
      tipoExecucaoRelatorioId: 1,
      horasUtilizadasString: '2',
      pfAtendidas: '10',
      pjAtendidas: 3,
      inicioString: '2026-10-01T09:00',
      fimString: '2026-10-01T11:00',
      convidadosRelatorio: [],
      tarefasRelatorio: [],
    };
  }

  it('30 concurrent repeats under one key all get the created report, exactly one is created, and a read during the burst answers', async () => {
    const payload = await reportPayload();
    const headers = { ...authHeaders(await token('admin')), [IDEMPOTENCY_HEADER]: newKey() };
    const burst = Array.from({ length: 30 }, () => t.app.inject({ method: 'POST', url: '/api/relatorio', headers, payload }));
    // Started while the burst is in flight: waiters must not hold the database from other requests.
    const read = t.app.inject({ method: 'GET', url: '/api/municipio', headers: authHeaders(await token('admin')) });
    const [answers, unrelated] = await Promise.all([Promise.all(burst), read]);

    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    const reports = answers.map((r) => r.json() as { relatorioId: number; encontroId: number });
    expect(new Set(reports.map((r) => r.relatorioId)).size).toBe(1);
    expect(reports[0]!.encontroId).toBe(payload.encontroId);
    // Every body is the same report: the first answer, replayed to the 29 others.
    for (const answer of answers) expect(answer.body).toBe(answers[0]!.body);
    expect(answers.filter((r) => r.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()] === 'true')).toHaveLength(29);
    const stored = await t.db.select({ id: relatorio.relatorioId }).from(relatorio).where(eq(relatorio.encontroId, payload.encontroId));
    expect(stored).toHaveLength(1);

    expect(unrelated.statusCode).toBe(200);
    expect((unrelated.json() as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('Idempotency-Key and failures', () => {
  it('a 5xx is not stored: the retry runs the handler, and its answer is what gets replayed', async () => {
    const key = newKey();
    const body = { x: 'falha-transitoria', falharNaPrimeira: true };
    const failed = await post(FLAKY_URL, key, body);
    expect(failed.statusCode).toBe(500);
    const retried = await post(FLAKY_URL, key, body);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(retried.json()).toEqual({ chamada: 2 });
    const replayed = await post(FLAKY_URL, key, body);
    expect(replayed.json()).toEqual({ chamada: 2 });
    expect(replayed.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(callsOf(body.x)).toBe(2);
  });

  it('without the header nothing is remembered', async () => {
    await post(FLAKY_URL, undefined, { x: 'sem-chave' });
    await post(FLAKY_URL, undefined, { x: 'sem-chave' });
    expect(callsOf('sem-chave')).toBe(2);
  });

  async function insertInProgress(key: string, payload: string, claimedAgo: string, owner = 'processo-que-morreu') {
    const [admin] = await t.db
      .select({ usuarioId: usuario.usuarioId })
      .from(usuario)
      .where(and(eq(usuario.tenantId, 'sc'), eq(usuario.email, 'admin@demo.local')));
    const usuarioId = admin!.usuarioId;
    const fingerprint = `POST ${FLAKY_URL} ${createHash('sha256').update(payload).digest('hex')}`;
    await t.db.insert(idempotencyKey).values({
      tenantId: 'sc',
      usuarioId,
      key,
      fingerprint,
      state: 'in_progress',
      owner,
      claimedAt: sql`now() - ${sql.raw(`interval '${claimedAgo}'`)}`,
    });
  }

  it('an in_progress key abandoned by a dead process is taken over; a live one answers 503 with Retry-After', async () => {
    const payload = JSON.stringify({ x: 3 });
    const abandoned = newKey();
    await insertInProgress(abandoned, payload, '3 minutes');
    const before = callsOf(3);
    const taken = await t.app.inject({
      method: 'POST',
      url: FLAKY_URL,
      headers: { ...authHeaders(await token('admin')), [IDEMPOTENCY_HEADER]: abandoned, 'content-type': 'application/json' },
      payload,
    });
    expect(taken.statusCode).toBe(201);
    expect(callsOf(3)).toBe(before + 1);

    const busy = newKey();
    await insertInProgress(busy, payload, '1 second');
    const waited = await t.app.inject({
      method: 'POST',
      url: FLAKY_URL,
      headers: { ...authHeaders(await token('admin')), [IDEMPOTENCY_HEADER]: busy, 'content-type': 'application/json' },
      payload,
    });
    expect(waited.statusCode).toBe(503);
    expect(waited.headers['retry-after']).toBe('1');
    expect(waited.json().message).toBe(UPLOAD_MESSAGES.emAndamento);
    expect(callsOf(3)).toBe(before + 1);
  }, 20_000);

  it('a claim left by an earlier boot of this same instance (a crash, then a restart) is taken over at once', async () => {
    const payload = JSON.stringify({ x: 5 });
    const key = newKey();
    await insertInProgress(key, payload, '1 second', `${t.config.instanceId}|boot-que-morreu|${randomUUID()}`);
    const before = callsOf(5);
    const startedAt = Date.now();
    const retried = await t.app.inject({
      method: 'POST',
      url: FLAKY_URL,
      headers: { ...authHeaders(await token('admin')), [IDEMPOTENCY_HEADER]: key, 'content-type': 'application/json' },
      payload,
    });
    expect(retried.statusCode).toBe(201);
    expect(callsOf(5)).toBe(before + 1);
    // Not the 10 s a live claim of another instance is waited for (nor its 2-minute abandonment).
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it("a restarted server removes its own partial chunks from uploads-tmp at boot, and leaves other instances' ones", async () => {
    const own = incomingKey(t.config.instanceId);
    const foreign = `${INCOMING_FOLDER}/outra-instancia--${randomUUID()}`;
    for (const key of [own, foreign]) await t.app.storage.append(key, Readable.from([Buffer.from('parte')]), { maxBytes: 100 });
    const restarted = await buildApp({ config: t.config, db: t.db, mailer: { send: async () => {} }, logger: false });
    try {
      await restarted.ready();
      expect(await restarted.storage.size(own)).toBe(0);
      expect(await restarted.storage.size(foreign)).toBe(5);
    } finally {
      await restarted.close();
    }
  });

  it('keys older than 30 days are purged, younger ones kept', async () => {
    const old = newKey();
    const recent = newKey();
    expect((await post(FLAKY_URL, old, { x: 4 })).statusCode).toBe(201);
    expect((await post(FLAKY_URL, recent, { x: 4 })).statusCode).toBe(201);
    await t.db
      .update(idempotencyKey)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(idempotencyKey.key, old));
    await t.db
      .update(idempotencyKey)
      .set({ createdAt: sql`now() - interval '29 days'` })
      .where(eq(idempotencyKey.key, recent));
    expect(await purgeExpiredIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);
    const left = (await t.db.select({ key: idempotencyKey.key }).from(idempotencyKey)).map((r) => r.key);
    expect(left).not.toContain(old);
    expect(left).toContain(recent);
    // The purged key is a new request again; the kept one still replays.
    const before = callsOf(4);
    expect((await post(FLAKY_URL, old, { x: 4 })).headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect((await post(FLAKY_URL, recent, { x: 4 })).headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(callsOf(4)).toBe(before + 1);
  });
});
