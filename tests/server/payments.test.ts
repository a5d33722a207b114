import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, SIGNATURE_LINK_DAYS, type PaymentDetail, type PaymentRow } from '../../src/domain/payments.ts';
import { REPORT_STATUS } from '../../src/domain/report-common.ts';
import * as s from '../../server/db/schema/index.ts';
import { readPdf } from '../../src/features/followups/testing/pdf-text.ts';
import { authHeaders, createTestApp, login, multipartForm, type TestApp } from './test-app.ts';

/**
 * Payment processes (issue 28) against the real app and database. Each test makes its own contract
 * and approved reports for the seeded consultants of tenant sc (condutor, especialista); the office
 * is admin (full administrator) or a holder of menuProcessosPagamento.
 */

const BASE = '/api/relatorio/relatorioGestaoPagamento';
let t: TestApp;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
let municipioId = 0;
let tarefa = { municipioTarefaId: 0, horas: 0 };
let seq = 0;

async function token(user: string, tenant = 'sc') {
  const key = `${user}@${tenant}`;
  tokens[key] ??= await login(t, `${user}@demo.local`, tenant);
  return tokens[key];
}
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: string, payload?: unknown, tenant = 'sc') {
  return t.app.inject({ method, url, headers: authHeaders(await token(user, tenant), tenant), payload: payload as never });
}

/** A fresh contract of `user` (2026-01-01 to 2026-12-31) with approved reports on the given days. */
async function setup(user: string, days: string[], adminHours: number[] = []) {
  seq++;
  const usuarioId = users[user]!;
  const [contract] = await t.db
    .insert(s.contrato)
    .values({ tenantId: 'sc', usuarioId, numContrato: `TESTE-${seq}-${randomBytes(3).toString('hex')}`, inicio: '2026-01-01', fim: '2026-12-31' })
    .returning();
  const reports: number[] = [];
  for (const day of days) {
    const [r] = await t.db
      .insert(s.relatorio)
      .values({
        tenantId: 'sc',
        municipioId,
        usuarioId,
        titulo: `Reunião de ${day}`,
        descricao: '<p>Reunião.</p>',
        statusRelatorioId: REPORT_STATUS.aprovado,
        codigoPublico: randomBytes(12).toString('hex'),
        criadoEm: new Date(`${day}T12:00:00-03:00`),
      })
      .returning();
    await t.db.insert(s.relatorioTarefa).values({ tenantId: 'sc', relatorioId: r!.relatorioId, municipioTarefaId: tarefa.municipioTarefaId, cumprida: true });
    reports.push(r!.relatorioId);
  }
  const admins: number[] = [];
  for (const horas of adminHours) {
    const [a] = await t.db
      .insert(s.relatorioAdministrativo)
      .values({
        tenantId: 'sc',
        municipioId,
        usuarioId,
        titulo: `Planejamento (${horas} h)`,
        descricao: '<p>Planejamento.</p>',
        horas,
        statusRelatorioId: REPORT_STATUS.aprovado,
        codigoPublico: randomBytes(12).toString('hex'),
        criadoEm: new Date(`${days[0]}T15:00:00-03:00`),
      })
      .returning();
    admins.push(a!.relatorioAdministrativoId);
  }
  return { contratoId: contract!.contratoId, reports, admins };
}

function input(c: { contratoId: number; reports: number[]; admins: number[] }, overrides: Record<string, unknown> = {}) {
  return {
    contratoId: c.contratoId,
    codigoContratacao: 'CT-001',
    periodoRealizacao: '01/03/2026 - 31/03/2026',
    numero: '1',
    horas: 0,
    total: 150_050,
    relatorios: c.reports,
    relatoriosAdministrativos: c.admins,
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const email of ['condutor', 'especialista', 'analista', 'admin']) {
    const [u] = await t.db.select().from(s.usuario).where(and(eq(s.usuario.tenantId, 'sc'), eq(s.usuario.email, `${email}@demo.local`)));
    users[email] = u!.usuarioId;
  }
  const [m] = await t.db.select().from(s.municipio).where(eq(s.municipio.tenantId, 'sc')).limit(1);
  municipioId = m!.municipioId;
  const [mt] = await t.db
    .select({ municipioTarefaId: s.municipioTarefa.municipioTarefaId, horas: s.municipioTarefa.horas })
    .from(s.municipioTarefa)
    .where(eq(s.municipioTarefa.tenantId, 'sc'))
    .limit(1);
  tarefa = { municipioTarefaId: mt!.municipioTarefaId, horas: Number(mt!.horas) };
});
afterAll(async () => t?.close());

describe('the checks of spec §5, in their order, on the server', () => {
  it('answers the first failing check with its message', async () => {
    const c = await setup('condutor', ['2026-03-10']);
    const cases: [Record<string, unknown>, string][] = [
      [{ relatorios: [], relatoriosAdministrativos: [], codigoContratacao: '', periodoRealizacao: '' }, PAYMENT_MESSAGES.semRelatorios],
      [{ codigoContratacao: ' ', periodoRealizacao: '' }, PAYMENT_MESSAGES.semCodigo],
      [{ periodoRealizacao: '', numero: '' }, PAYMENT_MESSAGES.semPeriodo],
      [{ periodoRealizacao: '31/02/2026 - 10/03/2026', numero: '' }, PAYMENT_MESSAGES.periodoInvalido],
      [{ periodoRealizacao: '31/03/2026 - 01/03/2026' }, PAYMENT_MESSAGES.fimAntesDoInicio],
      [{ periodoRealizacao: '01/12/2025 - 31/03/2026' }, PAYMENT_MESSAGES.foraDoContrato],
      [{ numero: '', total: null }, PAYMENT_MESSAGES.semNumero],
      [{ total: null }, PAYMENT_MESSAGES.semTotal],
    ];
    for (const [overrides, message] of cases) {
      const res = await call('POST', `${BASE}/cadastrar-relatorio-pagamento`, 'condutor', input(c, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('a new process must start after the last period of the previous one under that contract', async () => {
    const c = await setup('condutor', ['2026-03-10', '2026-03-20']);
    const first = await call('POST', `${BASE}/cadastrar-relatorio-pagamento`, 'condutor', input(c, { relatorios: [c.reports[0]], periodoRealizacao: '01/03/2026 - 15/03/2026' }));
    expect(first.statusCode, first.body).toBe(201);
    const overlapping = await call('POST', `${BASE}/cadastrar-relatorio-pagamento`, 'condutor', input(c, { relatorios: [c.reports[1]], numero: '2', periodoRealizacao: '15/03/2026 - 31/03/2026' }));
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().message).toBe(PAYMENT_MESSAGES.antesDoUltimo);
    const after = await call('POST', `${BASE}/cadastrar-relatorio-pagamento`, 'condutor', input(c, { relatorios: [c.reports[1]], numero: '2', periodoRealizacao: '16/03/2026 - 31/03/2026' }));
    expect(after.statusCode, after.body).toBe(201);
    const number = await call('GET', `${BASE}/obter-numero-relatorio/${users.condutor}/${c.contratoId}`, 'condutor');
    expect(number.json()).toEqual({ quantidadeAtual: 2, ultimoPeriodo: '16/03/2026 - 31/03/2026' });
  });

  it('only the user’s approved reports inside the period may be billed', async () => {
    const c = await setup('condutor', ['2026-03-10', '2026-04-10']);
    const outside = await call('POST', `${BASE}/cadastrar-relatorio-pagamento`, 'condutor', input(c, { relatorios: [c.reports[1]] }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(PAYMENT_MESSAGES.relatorioIndisponivel);
    const other = await setup('especialista', ['2026-03-11']);
    const someoneElses = await call('POST', `${BASE}/cadastrar-relatorio-pagamento`, 'condutor', input(c, { relatorios: other.reports }));
    expect(someoneElses.statusCode).toBe(400);
  });
});

describe('creating, reading and the unique billing of a report', () => {
  it('sums the hours on the server, answers the detail, and lists it for its owner only', async () => {
    const c = await setup('condutor', ['2026-03-05', '2026-03-06'], [3, 4]);
    const billable = await call('GET', `${BASE}/relatorios/${users.condutor}/${c.contratoId}`, 'condutor');
    const offered = (res: { json: () => unknown }) => (res.json() as { relatorioId: number }[]).map((r) => r.relatorioId);
    // The seed's approved reports of this consultant in 2026 are offered too.
    expect(offered(billable)).toEqual(expect.arrayContaining(c.reports));
    const res = await call('POST', `${BASE}/cadastrar-relatorio-pagamento`, 'condutor', input(c, { horas: 999 }));
    expect(res.statusCode, res.body).toBe(201);
    const detail = res.json() as PaymentDetail;
    expect(detail.horas).toBe(2 * tarefa.horas + 7);
    expect(detail.total).toBe(150_050);
    expect(detail.status).toBe('aberto');
    expect(detail.relatorios.map((r) => r.relatorioId)).toEqual(c.reports);
    expect(detail.relatoriosAdministrativos.map((r) => r.relatorioAdministrativoId)).toEqual(c.admins);
    // Billed: no longer offered.
    const after = await call('GET', `${BASE}/relatorios/${users.condutor}/${c.contratoId}`, 'condutor');
    expect(offered(after).filter((id) => c.reports.includes(id))).toEqual([]);

    const mine = await call('POST', `${BASE}/get-by-usuario`, 'condutor', { usuarioId: users.condutor });
    expect((mine.json() as PaymentRow[]).some((p) => p.processoPagamentoId === detail.processoPagamentoId)).toBe(true);
    const theirs = await call('GET', `${BASE}/list`, 'especialista');
    expect((theirs.json() as PaymentRow[]).some((p) => p.processoPagamentoId === detail.processoPagamentoId)).toBe(false);
    expect((await call('GET', `${BASE}/${detail.processoPagamentoId}`, 'especialista')).statusCode).toBe(404);
    expect((await call('POST', `${BASE}/get-by-usuario`, 'especialista', { usuarioId: users.condutor })).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${detail.processoPagamentoId}`, 'admin')).statusCode).toBe(200);
    // Another tenant's office does not see it either.
    expect((await call('GET', `${BASE}/${detail.processoPagamentoId}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
  });

  it('list-by-filtro with a limit answers the head of the whole list in its order (the screen’s first rows); a bad limit is 400', async () => {
    // Three processes of the consultant, each under a contract of its own, so the list has at least five rows with the seed's.
    const mine: number[] = [];
    for (const day of ['2026-05-04', '2026-05-05', '2026-05-06']) {
      const c = await setup('condutor', [day]);
      const res = await call('POST', `${BASE}/cadastrar-relatorio-pagamento`, 'condutor', input(c, { periodoRealizacao: '01/05/2026 - 31/05/2026' }));
      expect(res.statusCode, res.body).toBe(201);
      mine.push((res.json() as PaymentDetail).processoPagamentoId);
    }
    const ids = (res: { json: () => unknown }) => (res.json() as PaymentRow[]).map((p) => p.processoPagamentoId);
    for (const [user, filter] of [
      ['admin', {}],
      ['admin', { usuarioIds: [users.condutor] }],
      // A consultant pages their own processes only, whatever the filter names.
      ['condutor', { usuarioIds: [users.especialista, users.condutor] }],
    ] as const) {
      const whole = ids(await call('POST', `${BASE}/list-by-filtro`, user, filter));
      expect(whole.length).toBeGreaterThanOrEqual(3);
      for (const limite of [1, 2, whole.length, whole.length + 5]) {
        const head = await call('POST', `${BASE}/list-by-filtro`, user, { ...filter, limite });
        expect(head.statusCode, head.body).toBe(200);
        expect(ids(head)).toEqual(whole.slice(0, limite));
      }
    }
    const own = ids(await call('POST', `${BASE}/list-by-filtro`, 'condutor', { limite: 1000 }));
    expect(own).toEqual(expect.arrayContaining(mine));
    const theirs = ids(await call('POST', `${BASE}/list-by-filtro`, 'especialista', { limite: 1000 }));
    expect(theirs.filter((id) => mine.includes(id))).toEqual([]);
    for (const limite of [0, -1, 1.5, 1001, '10', null]) {
      const res = await call('POST', `${BASE}/list-by-filtro`, 'admin', { limite });
      expect(res.statusCode, `${String(limite)}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/limite/i);
    }
  });

  it('two processes opened at once for the same report: one 201, one 409 in Portuguese', async () => {
    const c = await setup('condutor', ['2026-03-12']);
    const [a, b] = await Promise.all([
      call('POST', `${BASE}/cadastrar-relatorio-pagamento`, 'condutor', input(c, { numero: 'A' })),
      call('POST', `${BASE}/cadastrar-relatorio-pagamento`, 'condutor', input(c, { numero: 'B' })),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    // The loser either saw the report already billed (400, checked first) or lost at the unique index (409).
    expect(statuses[0]).toBe(201);
    expect([400, 409]).toContain(statuses[1]);
    const loser = a.statusCode === 201 ? b : a;
    expect([PAYMENT_MESSAGES.relatorioEmOutroProcesso, PAYMENT_MESSAGES.relatorioIndisponivel, PAYMENT_MESSAGES.antesDoUltimo]).toContain(loser.json().message);
    const rows = await t.db.select().from(s.processoPagamentoRelatorio).where(eq(s.processoPagamentoRelatorio.relatorioId, c.reports[0]!));
    expect(rows).toHaveLength(1);
  });

  it('the database refuses a report in two processes (the unique index behind the rule)', async () => {
    const c = await setup('condutor', ['2026-03-13']);
    const res = await call('POST', `${BASE}/cadastrar-relatorio-pagamento`, 'condutor', input(c));
    const { processoPagamentoId } = res.json() as PaymentDetail;
    await expect(
      t.db.insert(s.processoPagamentoRelatorio).values({ tenantId: 'sc', processoPagamentoId, relatorioId: c.reports[0]! }),
    ).rejects.toThrow();
  });

  it('takes the spec’s multipart form with attachments, and serves them (one as is, several as a zip)', async () => {
    const c = await setup('condutor', ['2026-03-14']);
    const pdfBytes = (n: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(n)]);
    const form = multipartForm(
      {
        contratoId: String(c.contratoId),
        codigoContratacao: 'CT-002',
        periodoRealizacao: '01/03/2026 - 31/03/2026',
        numero: '7',
        horas: '0',
        total: '150050',
        relatoriosString: JSON.stringify(c.reports),
        relatoriosAdministrativosString: '[]',
      },
      [
        { name: 'Nota fiscal março.pdf', bytes: pdfBytes(1000) },
        { name: 'Relatório de atividades.pdf', bytes: pdfBytes(2000) },
      ],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/cadastrar-relatorio-pagamento`,
      headers: { ...authHeaders(await token('condutor')), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const detail = res.json() as PaymentDetail;
    expect(detail.arquivos.map((f) => f.nome)).toEqual(['Nota fiscal março.pdf', 'Relatório de atividades.pdf']);
    const zip = await call('POST', `/api/arquivo/anexo/download-processo-pagamento/${detail.processoPagamentoId}`, 'condutor');
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain(`filename*=UTF-8''Processo%20de%20pagamento%207.zip`);
    const names = Object.keys((await JSZip.loadAsync(zip.rawPayload)).files).sort();
    expect(names).toEqual(['Nota fiscal março.pdf', 'Relatório de atividades.pdf']);
  });
});

describe('analysis, the finance system, the signature and the PDF', () => {
  it('only the office analyses; a rejection needs a reason; an approved process is final and goes to the SGF once', async () => {
    const c = await setup('condutor', ['2026-03-15']);
    const created = (await call('POST', `${BASE}/cadastrar-relatorio-pagamento`, 'condutor', input(c))).json() as PaymentDetail;
    const id = created.processoPagamentoId;
    expect((await call('PUT', `${BASE}/analisar-relatorio`, 'condutor', { processoPagamentoId: id, aprovado: true, motivoRejeicao: null })).statusCode).toBe(403);
    // Refused before the body is read: a malformed body still gets 403.
    expect((await call('PUT', `${BASE}/analisar-relatorio`, 'condutor', { nada: 1 })).statusCode).toBe(403);
    const noReason = await call('PUT', `${BASE}/analisar-relatorio`, 'admin', { processoPagamentoId: id, aprovado: false, motivoRejeicao: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(PAYMENT_MESSAGES.motivoObrigatorio);
    expect((await call('GET', `${BASE}/send-mail-sgf/${id}`, 'admin')).json().message).toBe(PAYMENT_MESSAGES.naoAprovado);
    const ok = await call('PUT', `${BASE}/analisar-relatorio`, 'admin', { processoPagamentoId: id, aprovado: true, motivoRejeicao: null });
    expect(ok.json().status).toBe('aprovado');
    expect((await call('DELETE', `${BASE}/${id}`, 'condutor')).json().message).toBe(PAYMENT_MESSAGES.jaAprovado);

    const before = t.mails.length;
    const sent = await call('GET', `${BASE}/send-mail-sgf/${id}`, 'admin');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().enviadoSgfEm).not.toBeNull();
    const mail = t.mails.at(-1)!;
    expect(t.mails.length).toBe(before + 1);
    expect(mail.to).toBe(t.config.sgfEmail);
    expect(mail.text).toContain(`Processo de pagamento nº ${created.numero} aprovado.`);
    expect(mail.text).toContain('R$\u00a01.500,50');
    const again = await call('GET', `${BASE}/send-mail-sgf/${id}`, 'admin');
    expect(again.statusCode).toBe(409);
    expect(t.mails.length).toBe(before + 1);
  });

  it('asks the consultant to sign by a mailed link that works once', async () => {
    const c = await setup('condutor', ['2026-03-16']);
    const { processoPagamentoId } = (await call('POST', `${BASE}/cadastrar-relatorio-pagamento`, 'condutor', input(c))).json() as PaymentDetail;
    // Asking is the office's.
    expect((await call('POST', '/api/usuario/enviar-assinatura-eletronica', 'condutor', { processoPagamentoId })).statusCode).toBe(403);
    const asked = await call('POST', '/api/usuario/enviar-assinatura-eletronica', 'admin', { processoPagamentoId });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().assinaturaSolicitadaEm).not.toBeNull();
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('condutor@demo.local');
    const link = /https?:\/\/\S+\/gestao-pagamento\/usuario\/(\d+)\?assinar=(\d+)&codigo=([\w-]+)/.exec(mail.text)!;
    expect(Number(link[1])).toBe(users.condutor);
    expect(Number(link[2])).toBe(processoPagamentoId);
    const codigo = link[3]!;

    const sign = (user: string, body: unknown, tenant = 'sc') => call('POST', `${BASE}/assinar`, user, body, tenant);
    const wrong = await sign('condutor', { processoPagamentoId, codigo: 'errado' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(PAYMENT_MESSAGES.assinaturaInvalida);
    // Someone else's link: another consultant does not even see the process; the office may see it but not sign for the consultant.
    const other = await sign('especialista', { processoPagamentoId, codigo });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(PAYMENT_MESSAGES.naoEncontrado);
    const office = await sign('admin', { processoPagamentoId, codigo });
    expect(office.statusCode).toBe(403);
    expect(office.json().message).toBe(PAYMENT_MESSAGES.assinaturaDeOutro);
    expect((await sign('admin', { processoPagamentoId, codigo }, 'ms')).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/${processoPagamentoId}`, 'condutor')).json().assinadoEm).toBeNull();

    const signed = await sign('condutor', { processoPagamentoId, codigo });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().assinadoEm).not.toBeNull();
    const reused = await sign('condutor', { processoPagamentoId, codigo });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(PAYMENT_MESSAGES.jaAssinado);
    // Signed for good: no new request either.
    expect((await call('POST', '/api/usuario/enviar-assinatura-eletronica', 'admin', { processoPagamentoId })).statusCode).toBe(409);
    // Only the hash of the code is stored, and it is gone once used.
    const [row] = await t.db.select().from(s.processoPagamento).where(eq(s.processoPagamento.processoPagamentoId, processoPagamentoId));
    expect(row!.assinaturaCodigoHash).toBeNull();
  });

  it('a new request replaces the link, and a link older than a week has expired', async () => {
    const c = await setup('condutor', ['2026-03-18']);
    const { processoPagamentoId } = (await call('POST', `${BASE}/cadastrar-relatorio-pagamento`, 'condutor', input(c))).json() as PaymentDetail;
    const codeOf = async () => {
      await call('POST', '/api/usuario/enviar-assinatura-eletronica', 'admin', { processoPagamentoId });
      return /codigo=([\w-]+)/.exec(t.mails.at(-1)!.text)![1]!;
    };
    const first = await codeOf();
    const second = await codeOf();
    const old = await call('POST', `${BASE}/assinar`, 'condutor', { processoPagamentoId, codigo: first });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(PAYMENT_MESSAGES.assinaturaInvalida);
    const [stored] = await t.db.select().from(s.processoPagamento).where(eq(s.processoPagamento.processoPagamentoId, processoPagamentoId));
    expect(stored!.assinaturaCodigoHash).not.toContain(second);
    await t.db
      .update(s.processoPagamento)
      .set({ assinaturaSolicitadaEm: new Date(Date.now() - (SIGNATURE_LINK_DAYS * 24 + 1) * 3_600_000) })
      .where(eq(s.processoPagamento.processoPagamentoId, processoPagamentoId));
    const expired = await call('POST', `${BASE}/assinar`, 'condutor', { processoPagamentoId, codigo: second });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(PAYMENT_MESSAGES.assinaturaExpirada);
    expect((await call('GET', `${BASE}/${processoPagamentoId}`, 'condutor')).json().assinadoEm).toBeNull();
  });

  it('the service-provision report is a real PDF with the process, each report and the totals', async () => {
    const c = await setup('condutor', ['2026-03-17'], [5]);
    const { processoPagamentoId, numero } = (await call('POST', `${BASE}/cadastrar-relatorio-pagamento`, 'condutor', input(c, { numero: '12' }))).json() as PaymentDetail;
    const res = await call('GET', `${BASE}/download-relatorio-prestacao-servico/${processoPagamentoId}`, 'condutor');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''Relat%C3%B3rio%20de%20presta%C3%A7%C3%A3o%20de%20servi%C3%A7o%2012.pdf`);
    const pdf = readPdf(res.rawPayload.toString('latin1'));
    expect(pdf.lines[0]).toBe('Relatório de prestação de serviço');
    expect(pdf.lines).toContain(`Processo de pagamento nº ${numero}`);
    expect(pdf.lines).toContain('Período de realização: 01/03/2026 - 31/03/2026');
    expect(pdf.lines.some((l) => l.startsWith('17/03/2026 - Reunião de 2026-03-17'))).toBe(true);
    expect(pdf.lines).toContain('17/03/2026 - Planejamento (5 h) - 5 h');
    expect(pdf.lines).toContain('Valor total: R$\u00a01.500,50');
    expect((await call('GET', `${BASE}/download-relatorio-prestacao-servico/${processoPagamentoId}`, 'especialista')).statusCode).toBe(404);
  });

  it('malformed input is 400 in Portuguese, never 500', async () => {
    for (const payload of [{}, { contratoId: 'x' }, { contratoId: 1, relatorios: 'a' }]) {
      const res = await call('POST', `${BASE}/cadastrar-relatorio-pagamento`, 'condutor', payload);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await call('GET', `${BASE}/abc`, 'condutor')).statusCode).toBe(400);
    expect((await call('GET', `${BASE}/list`, 'condutor', undefined)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: `${BASE}/list`, headers: { database: 'sc' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
