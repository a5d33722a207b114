import { and, asc, eq, sql } from 'drizzle-orm';
import { REPORT_STATUS } from '../../src/domain/report-common.ts';
import * as s from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import type { Ensure, Tx } from './ensure.ts';

const SP_DAY = sql<string>`to_char(${s.relatorio.criadoEm} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`;

/**
 * Payment processes of the demo (issue 28): the consultant with the most approved reports gets a
 * current contract and two processes: the earliest reports in one approved and sent to the SGF,
 * the next ones in one still open; the latest stay free to bill. Periods follow each other, as the
 * rule asks (spec §5). Idempotent like every seed step: an existing process is left as it is.
 */
export async function seedPayments(tx: Tx, tenantId: string, uf: string, ensure: Ensure) {
  const approved = await tx
    .select({ relatorioId: s.relatorio.relatorioId, usuarioId: s.relatorio.usuarioId, dia: SP_DAY })
    .from(s.relatorio)
    .where(scoped(s.relatorio, tenantId, eq(s.relatorio.statusRelatorioId, REPORT_STATUS.aprovado)))
    .orderBy(asc(s.relatorio.criadoEm), asc(s.relatorio.relatorioId));
  const byUser = new Map<number, typeof approved>();
  for (const r of approved) byUser.set(r.usuarioId, [...(byUser.get(r.usuarioId) ?? []), r]);
  const [usuarioId, reports] = [...byUser.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  if (usuarioId === undefined || !reports) return;
  const days = [...new Set(reports.map((r) => r.dia))];
  if (days.length < 3) return;

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

  const third = Math.max(1, Math.floor(days.length / 3));
  const firstDays = days.slice(0, third);
  const secondDays = days.slice(third, 2 * third);
  const processes = [
    { numero: '1', periodo: { inicio, fim: firstDays.at(-1)! }, days: firstDays, total: 480_000, approved: true },
    { numero: '2', periodo: { inicio: secondDays[0]!, fim: secondDays.at(-1)! }, days: secondDays, total: 325_050, approved: false },
  ];
  const [office] = await tx
    .select({ usuarioId: s.usuario.usuarioId })
    .from(s.usuario)
    .where(scoped(s.usuario, tenantId, eq(s.usuario.email, 'admin@demo.local')));
  for (const p of processes) {
    const billed = reports.filter((r) => p.days.includes(r.dia));
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
