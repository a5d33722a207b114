import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPOSAL_MESSAGES, type ProposalCombos, type ProposalDetail, type ProposalRow } from '../../src/domain/proposals.ts';
import { readPdf } from '../../src/features/followups/testing/pdf-text.ts';
import * as s from '../../server/db/schema/index.ts';
import { authHeaders, createTestApp, multipartForm, type TestApp, demoSignIns } from './test-app.ts';

/**
 * Proposals (issue 30, item 1) against the real app and database: the money invariants in cents,
 * the MA axes cap, every transition, the permissions of spec §6, the annexes and the PDF, and
 * tenant isolation. The conductor writes (Proposta tab), the analyst decides (podeAnalisarProposta),
 * the Administrador group deletes (podeExcluirProposta); each test makes its own proposals.
 */

const BASE = '/api/municipio-proposta';
let t: TestApp;
let municipioId = 0;
let solucaoIds: number[] = [];
let eixoIds: number[] = [];

const token = demoSignIns(() => t);
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: string, payload?: unknown, tenant = 'sc') {
  return t.app.inject({ method, url, headers: authHeaders(await token(user, tenant), tenant), payload: payload as never });
}

/** R$ 15.000,00 = 10.000,00 from the municipality in two instalments + 5.000,00 from Sebrae. */
function input(overrides: Record<string, unknown> = {}) {
  return {
    municipioId,
    titulo: `Proposta ${randomBytes(3).toString('hex')}`,
    solucaoIds: solucaoIds.slice(0, 2),
    eixoIds: eixoIds.slice(0, 2),
    valorTotal: 1_500_000,
    investimentoMunicipio: 1_000_000,
    contrapartidaSebrae: 500_000,
    premium: false,
    extras: [{ descricao: 'Oficina extra', valor: 100_050 }],
    parcelas: [
      { numero: 1, vencimento: '2027-01-10', valor: 500_001 },
      { numero: 2, vencimento: '2027-02-10', valor: 499_999 },
    ],
    observacoes: '',
    ...overrides,
  };
}

async function created(overrides: Record<string, unknown> = {}) {
  const res = await call('POST', BASE, 'condutor', input(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ProposalDetail;
}

async function sent() {
  const p = await created();
  expect((await call('PUT', `${BASE}/enviar/${p.propostaId}`, 'condutor')).statusCode).toBe(200);
  return p;
}

beforeAll(async () => {
  t = await createTestApp();
  const ids = async (email: string) =>
    (await t.db.select({ id: s.usuario.usuarioId }).from(s.usuario).where(and(eq(s.usuario.tenantId, 'sc'), eq(s.usuario.email, `${email}@demo.local`))))[0]!.id;
  const condutor = await ids('condutor');
  const analista = await ids('analista');
  const [place] = await t.db
    .select({ municipioId: s.usuarioPermissao.municipioId, projetoId: s.municipio.projetoId })
    .from(s.usuarioPermissao)
    .innerJoin(s.municipio, eq(s.municipio.municipioId, s.usuarioPermissao.municipioId))
    .where(and(eq(s.usuarioPermissao.usuarioId, condutor)))
    .limit(1);
  municipioId = place!.municipioId!;
  // The analyst analyses in this municipality too.
  await t.db.insert(s.usuarioPermissao).values({ tenantId: 'sc', usuarioId: analista, municipioId, permissao: 'Analista' });
  const combos = (await call('GET', `${BASE}/combos/${municipioId}`, 'condutor')).json() as ProposalCombos;
  solucaoIds = combos.solucoes.map((x) => x.solucaoId);
  eixoIds = combos.eixos.map((x) => x.eixoId);
  expect(solucaoIds.length).toBeGreaterThan(1);
  expect(eixoIds.length).toBeGreaterThan(1);
});
afterAll(async () => t?.close());

describe('creating and reading', () => {
  it('stores a draft in integer cents with its parts and history, and lists it first', async () => {
    const p = await created({ premium: true });
    expect(p.status).toBe('rascunho');
    expect([p.valorTotal, p.investimentoMunicipio, p.contrapartidaSebrae]).toEqual([1_500_000, 1_000_000, 500_000]);
    expect(p.parcelas).toEqual(input().parcelas);
    expect(p.extras).toEqual([{ descricao: 'Oficina extra', valor: 100_050 }]);
    expect(p.solucoes.map((x) => x.solucaoId).sort()).toEqual(solucaoIds.slice(0, 2).sort());
    expect(p.premium).toBe(true);
    expect(p.historico.map((h) => [h.evento, h.usuarioNome])).toEqual([['criada', expect.any(String)]]);
    const list = (await call('GET', `${BASE}/get-by-municipio/${municipioId}`, 'analista')).json() as ProposalRow[];
    expect(list[0]).toMatchObject({ propostaId: p.propostaId, quantidadeParcelas: 2, status: 'rascunho' });
  });

  it('the seed has a proposal in each status with instalments', async () => {
    const rows = await t.db.select().from(s.proposta).where(eq(s.proposta.tenantId, 'ms'));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['rascunho', 'enviada', 'aprovada', 'rejeitada']));
    const parcelas = await t.db.select().from(s.propostaParcela).where(inArray(s.propostaParcela.propostaId, rows.map((r) => r.propostaId)));
    for (const r of rows) {
      const mine = parcelas.filter((x) => x.propostaId === r.propostaId);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.reduce((sum, x) => sum + x.valor, 0)).toBe(r.investimentoMunicipio);
      expect(r.valorTotal).toBe(r.investimentoMunicipio + r.contrapartidaSebrae);
    }
  });
});

describe('the money invariants, enforced by the server in cents (400 in pt-BR)', () => {
  it.each([
    [{ valorTotal: 1_500_001 }, PROPOSAL_MESSAGES.totalDiferente],
    [{ parcelas: [{ numero: 1, vencimento: '2027-01-10', valor: 999_999 }] }, PROPOSAL_MESSAGES.parcelasSoma(1_000_000, 999_999)],
    [{ parcelas: [] }, PROPOSAL_MESSAGES.semParcelas],
    [{ contrapartidaSebrae: -1, valorTotal: 999_999 }, PROPOSAL_MESSAGES.negativo],
    [{ valorTotal: 15000.5 }, 'Valor total: valor inválido'],
    [
      {
        parcelas: [
          { numero: 1, vencimento: '2027-02-10', valor: 500_000 },
          { numero: 2, vencimento: '2027-01-10', valor: 500_000 },
        ],
      },
      PROPOSAL_MESSAGES.parcelaVencimento(2),
    ],
    [{ extras: [{ descricao: 'Muito', valor: 1_500_001 }] }, PROPOSAL_MESSAGES.extrasAcimaDoTotal],
    [{ solucaoIds: [] }, PROPOSAL_MESSAGES.semSolucoes],
    [{ solucaoIds: [2_000_000_000] }, PROPOSAL_MESSAGES.solucaoInvalida],
    [{ titulo: '  ' }, 'Informe o título da proposta.'],
  ])('refuses %j', async (overrides, message) => {
    const res = await call('POST', BASE, 'condutor', input(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(message.slice(0, 40));
  });

  it('refuses a malformed multipart form with 400, never 500', async () => {
    const form = multipartForm({ dados: '{not json' }, []);
    const res = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { ...authHeaders(await token('condutor')), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('O campo dados do formulário é inválido.');
  });
});

describe('the 5 axes rule in MA (spec §5)', () => {
  it('caps MA proposals at 5 axes unless liberarMaximoEixoMA', async () => {
    const [ma] = await t.db
      .insert(s.municipio)
      .values({ tenantId: 'sc', nome: `São Luís teste ${randomBytes(2).toString('hex')}`, uf: 'MA', projetoId: (await t.db.select().from(s.municipio).where(eq(s.municipio.municipioId, municipioId)))[0]!.projetoId })
      .returning();
    const extraAxes = await t.db
      .insert(s.eixo)
      .values(Array.from({ length: 6 }, (_, i) => ({ tenantId: 'sc', nome: `Eixo MA ${i} ${randomBytes(2).toString('hex')}` })))
      .returning();
    const six = extraAxes.map((e) => e.eixoId);
    const body = input({ municipioId: ma!.municipioId, eixoIds: six });
    const setFlag = (on: boolean) => t.db.update(s.usuarioGrupo).set({ liberarMaximoEixoMA: on }).where(and(eq(s.usuarioGrupo.tenantId, 'sc'), eq(s.usuarioGrupo.nome, 'Administrador')));

    await setFlag(false);
    expect(((await call('GET', `${BASE}/combos/${ma!.municipioId}`, 'administrador')).json() as ProposalCombos).maxEixos).toBe(5);
    const refused = await call('POST', BASE, 'administrador', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PROPOSAL_MESSAGES.maximoEixos(5));
    expect((await call('POST', BASE, 'administrador', { ...body, eixoIds: six.slice(0, 5) })).statusCode).toBe(201);

    await setFlag(true);
    expect(((await call('GET', `${BASE}/combos/${ma!.municipioId}`, 'administrador')).json() as ProposalCombos).maxEixos).toBeNull();
    expect((await call('POST', BASE, 'administrador', body)).statusCode).toBe(201);
    // Outside MA there is no cap.
    expect((await call('POST', BASE, 'administrador', { ...body, municipioId })).statusCode).toBe(201);
  });
});

describe('transitions: draft → sent → approved | rejected', () => {
  it('sends a draft once; a sent proposal cannot be edited or sent again', async () => {
    const p = await created();
    const res = await call('PUT', `${BASE}/enviar/${p.propostaId}`, 'condutor');
    expect(res.json().status).toBe('enviada');
    expect((await call('PUT', `${BASE}/enviar/${p.propostaId}`, 'condutor')).json().message).toBe(PROPOSAL_MESSAGES.naoEnviavel);
    const edit = await call('PUT', BASE, 'condutor', { ...input(), propostaId: p.propostaId });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(PROPOSAL_MESSAGES.naoEditavel);
  });

  it('only podeAnalisarProposta analyses, and only a sent proposal', async () => {
    const draft = await created();
    const early = await call('PUT', `${BASE}/analisar`, 'analista', { propostaId: draft.propostaId, aprovada: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(PROPOSAL_MESSAGES.naoAnalisavel);
    const p = await sent();
    const consultant = await call('PUT', `${BASE}/analisar`, 'condutor', { propostaId: p.propostaId, aprovada: true });
    expect(consultant.statusCode).toBe(403);
    expect(consultant.json().message).toBe(PROPOSAL_MESSAGES.semPermissaoAnalisar);
    const approved = await call('PUT', `${BASE}/analisar`, 'analista', { propostaId: p.propostaId, aprovada: true });
    expect(approved.statusCode).toBe(200);
    const detail = approved.json() as ProposalDetail;
    expect(detail.status).toBe('aprovada');
    expect(detail.historico.map((h) => h.evento)).toEqual(['criada', 'enviada', 'aprovada']);
    expect((await call('PUT', `${BASE}/analisar`, 'analista', { propostaId: p.propostaId, aprovada: false, motivo: 'x' })).statusCode).toBe(409);
  });

  it('a rejection needs a reason; a rejected proposal is edited back to draft and sent again', async () => {
    const p = await sent();
    const noReason = await call('PUT', `${BASE}/analisar`, 'analista', { propostaId: p.propostaId, aprovada: false, motivo: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(PROPOSAL_MESSAGES.motivoObrigatorio);
    const rejected = (await call('PUT', `${BASE}/analisar`, 'analista', { propostaId: p.propostaId, aprovada: false, motivo: 'Rever parcelas' })).json() as ProposalDetail;
    expect(rejected.status).toBe('rejeitada');
    expect(rejected.motivoRejeicao).toBe('Rever parcelas');
    const edited = await call('PUT', BASE, 'condutor', { ...input({ titulo: 'Revista' }), propostaId: p.propostaId });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'rascunho', titulo: 'Revista', motivoRejeicao: null });
    const again = (await call('PUT', `${BASE}/enviar/${p.propostaId}`, 'condutor')).json() as ProposalDetail;
    expect(again.historico.map((h) => [h.evento, h.motivo])).toEqual([
      ['criada', null],
      ['enviada', null],
      ['rejeitada', 'Rever parcelas'],
      ['alterada', null],
      ['enviada', null],
    ]);
  });

  it('deletes only with podeExcluirProposta, and never an approved proposal', async () => {
    const p = await created();
    const consultant = await call('DELETE', `${BASE}/${p.propostaId}`, 'condutor');
    expect(consultant.statusCode).toBe(403);
    expect(consultant.json().message).toBe(PROPOSAL_MESSAGES.semPermissaoExcluir);
    expect((await call('DELETE', `${BASE}/${p.propostaId}`, 'administrador')).statusCode).toBe(204);
    expect((await call('GET', `${BASE}/${p.propostaId}`, 'condutor')).statusCode).toBe(404);
    const a = await sent();
    await call('PUT', `${BASE}/analisar`, 'analista', { propostaId: a.propostaId, aprovada: true });
    const approved = await call('DELETE', `${BASE}/${a.propostaId}`, 'administrador');
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe(PROPOSAL_MESSAGES.naoExcluivel);
  });
});

describe('annexes and the PDF', () => {
  it('takes annexes in the multipart form, serves them and removes them on edit', async () => {
    const form = multipartForm({ dados: JSON.stringify(input()) }, [{ name: 'Plano de trabalho.pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(500)]) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { ...authHeaders(await token('condutor')), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json() as ProposalDetail;
    expect(p.arquivos.map((f) => f.nome)).toEqual(['Plano de trabalho.pdf']);
    const file = await call('GET', `${BASE}/anexo/download/${p.arquivos[0]!.arquivoId}`, 'analista');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await call('GET', `${BASE}/anexo/download/${p.arquivos[0]!.arquivoId}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
    const edited = await call('PUT', BASE, 'condutor', { ...input(), propostaId: p.propostaId, arquivosRemovidos: [p.arquivos[0]!.arquivoId] });
    expect((edited.json() as ProposalDetail).arquivos).toEqual([]);
  });

  it('a disguised file is refused by its content', async () => {
    const form = multipartForm({ dados: JSON.stringify(input()) }, [{ name: 'planilha.pdf', bytes: Buffer.from('MZ not a pdf at all') }]);
    const res = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { ...authHeaders(await token('condutor')), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
  });

  it('the PDF shows the values, the instalments as DD/MM/YYYY and the history', async () => {
    const p = await created({ titulo: 'Proposta PDF' });
    const res = await call('GET', `${BASE}/download-pdf/${p.propostaId}`, 'analista');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = readPdf(res.rawPayload.toString('latin1'));
    expect(pdf.lines[0]).toBe('Proposta: Proposta PDF');
    expect(pdf.lines).toContain('Valor total: R$\u00a015.000,00');
    expect(pdf.lines).toContain('Parcela 1 - vencimento 10/01/2027 - R$\u00a05.000,01');
    expect(pdf.lines).toContain('Parcela 2 - vencimento 10/02/2027 - R$\u00a04.999,99');
  });
});

describe('access: the tab, the municipality, the tenant', () => {
  it('a user without the Proposta tab gets 403; another tenant’s ids are 404', async () => {
    const [ad] = await t.db
      .select({ municipioId: s.usuarioPermissao.municipioId })
      .from(s.usuarioPermissao)
      .innerJoin(s.usuario, eq(s.usuario.usuarioId, s.usuarioPermissao.usuarioId))
      .where(and(eq(s.usuario.tenantId, 'sc'), eq(s.usuario.email, 'ad@demo.local')));
    expect((await call('GET', `${BASE}/get-by-municipio/${ad!.municipioId}`, 'ad')).statusCode).toBe(403);
    const p = await created();
    expect((await call('GET', `${BASE}/${p.propostaId}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/get-by-municipio/${municipioId}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/enviar/${p.propostaId}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/${p.propostaId}`, 'admin', undefined, 'ms')).statusCode).toBe(404);
    expect((await call('POST', BASE, 'admin', input(), 'ms')).statusCode).toBe(404);
  });
  it('a municipality that does not exist or is out of sight is 404', async () => {
    expect((await call('GET', `${BASE}/get-by-municipio/999999`, 'condutor')).statusCode).toBe(404);
  });
});
