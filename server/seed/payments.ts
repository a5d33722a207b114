import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { REPORT_STATUS } from '../../src/domain/report-common.ts';
import * as s from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import type { Ensure, Tx } from './ensure.ts';

const SP_DAY = sql<string>`to_char(${s.relatorio.criadoEm} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`;

/**
 * Payment processes of the demo (issue 28): the conductor gets a current contract and two processes,
 * the reports up to mid-October in one approved and sent to the SGF, the late-October one in one still
 * open; two November reports stay free to bill. Periods follow each other, as the
 * rule asks (spec §5). Idempotent like every seed step: an existing process is left as it is.
 */
export async function seedPayments(tx: Tx, tenantId: string, uf: string, ensure: Ensure) {
  const [conductor] = await tx
    .select({ usuarioId: s.usuario.usuarioId })
    .from(s.usuario)
    .where(scoped(s.usuario, tenantId, eq(s.usuario.email, 'condutor@demo.local')));
  if (!conductor) return;
  const usuarioId = conductor.usuarioId;
  const inicio = '2026-03-01';
  const contract = await ensure(s.contrato, [eq(s.contrato.numContrato, `${uf}-2026/PAG`)], {
    usuarioId,
    numContrato: `${uf}-2026/PAG`,
    qtdEntregasPrevistas: 12,
    inicio,
    fim: '2027-02-28',
    ativo: true,
  });
  const [already] = await tx
    .select({ id: s.processoPagamento.processoPagamentoId })
    .from(s.processoPagamento)
    .where(and(scoped(s.processoPagamento, tenantId), eq(s.processoPagamento.contratoId, contract.contratoId)))
    .limit(1);
  if (already) return;

  // Approved reports of the conductor's office work in October and November: the first billed, the last free to bill.
  const [place] = await tx
    .select({ municipioId: s.relatorio.municipioId })
    .from(s.relatorio)
    .where(scoped(s.relatorio, tenantId, eq(s.relatorio.usuarioId, usuarioId)))
    .limit(1);
  if (!place) return;
  // A task of that municipality with hours: each report fulfils it, so the processes have hours to sum.
  const [task] = await tx
    .select({ municipioTarefaId: s.municipioTarefa.municipioTarefaId })
    .from(s.municipioTarefa)
    .where(scoped(s.municipioTarefa, tenantId, eq(s.municipioTarefa.municipioId, place.municipioId), gt(s.municipioTarefa.horas, 0)))
    .limit(1);
  for (const [day, titulo] of EXTRA_REPORTS) {
    const report = await ensure(s.relatorio, [eq(s.relatorio.usuarioId, usuarioId), eq(s.relatorio.titulo, titulo)], {
      municipioId: place.municipioId,
      usuarioId,
      titulo,
      descricao: `<p>${titulo}.</p>`,
      statusRelatorioId: REPORT_STATUS.aprovado,
      horasUtilizadasString: '3',
      codigoPublico: randomBytes(18).toString('base64url'),
      analisadoEm: new Date(`${day}T18:00:00-03:00`),
      criadoEm: new Date(`${day}T12:00:00-03:00`),
    });
    if (task)
      await ensure(s.relatorioTarefa, [eq(s.relatorioTarefa.relatorioId, report.relatorioId)], {
        relatorioId: report.relatorioId,
        municipioTarefaId: task.municipioTarefaId,
        cumprida: true,
      });
  }
  const reports = await tx
    .select({ relatorioId: s.relatorio.relatorioId, dia: SP_DAY })
    .from(s.relatorio)
    .where(scoped(s.relatorio, tenantId, eq(s.relatorio.usuarioId, usuarioId), eq(s.relatorio.statusRelatorioId, REPORT_STATUS.aprovado)))
    .orderBy(asc(s.relatorio.criadoEm));
  const processes = [
    { numero: '1', periodo: { inicio, fim: '2026-10-15' }, total: 480_000, approved: true },
    { numero: '2', periodo: { inicio: '2026-10-16', fim: '2026-10-31' }, total: 325_050, approved: false },
  ];
  const [office] = await tx
    .select({ usuarioId: s.usuario.usuarioId })
    .from(s.usuario)
    .where(scoped(s.usuario, tenantId, eq(s.usuario.email, 'admin@demo.local')));
  for (const p of processes) {
    const billed = reports.filter((r) => r.dia >= p.periodo.inicio && r.dia <= p.periodo.fim);
    const [row] = await tx
      .insert(s.processoPagamento)
      .values({
        tenantId,
        usuarioId,
        contratoId: contract.contratoId,
        numero: p.numero,
        codigoContratacao: `CT-${uf}-${p.numero.padStart(3, '0')}`,
        periodoInicio: p.periodo.inicio,
        periodoFim: p.periodo.fim,
        horas: 0,
        total: p.total,
        status: p.approved ? 'aprovado' : 'aberto',
        analisadoPorId: p.approved ? (office?.usuarioId ?? null) : null,
        analisadoEm: p.approved ? new Date(`${p.periodo.fim}T18:00:00-03:00`) : null,
        enviadoSgfEm: p.approved ? new Date(`${p.periodo.fim}T19:00:00-03:00`) : null,
      })
      .returning({ id: s.processoPagamento.processoPagamentoId });
    if (billed.length > 0)
      await tx.insert(s.processoPagamentoRelatorio).values(billed.map((r) => ({ tenantId, processoPagamentoId: row!.id, relatorioId: r.relatorioId })));
    // The hours are the billed reports' fulfilled tasks, as the server sums them for a real process.
    await tx.execute(sql`
      update processo_pagamento set horas = coalesce((
        select sum(mt.horas) from processo_pagamento_relatorio ppr
        join relatorio_tarefa rt on rt.relatorio_id = ppr.relatorio_id and rt.cumprida
        join municipio_tarefa mt on mt.municipio_tarefa_id = rt.municipio_tarefa_id
        where ppr.processo_pagamento_id = ${row!.id}), 0)
      where processo_pagamento_id = ${row!.id}`);
  }
}

/** The conductor's extra approved reports (day, title): two in the first process, one in the second, two left to bill. */
const EXTRA_REPORTS: [string, string][] = [
  ['2026-10-05', 'Alinhamento mensal com a Secretaria de Desenvolvimento'],
  ['2026-10-12', 'Capacitação de agentes de desenvolvimento'],
  ['2026-10-20', 'Visita técnica à Sala do Empreendedor'],
  ['2026-11-03', 'Oficina de compras públicas com fornecedores locais'],
  ['2026-11-10', 'Reunião de acompanhamento do plano de ação'],
];
