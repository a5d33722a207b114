import { seedPayments } from './payments.ts';
import { seedProposals } from './proposals.ts';
import { seedReferenceTerms } from './reference-term.ts';
import { seedSala } from './sala.ts';
import { seedTerritories } from './territories.ts';
import { seedQuestionRegisters } from './registers-questions.ts';
import { eq, isNull, type InferSelectModel } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { seedCalendarEvents } from './meetings-events.ts';
import { seedEvidence } from './evidence.ts';
import { seedFollowups } from './followups.ts';
import { cpfFor, phone, type Counter, type Tx } from './ensure.ts';
import { seedMeetings } from './meetings.ts';
import { seedMembers } from './members.ts';
import { seedAnswers, seedQuestions } from './questions.ts';
import { seedCatalogue, seedMunicipalitySolutions } from './solutions.ts';
import { seedFieldReports } from './field-reports.ts';
import { seedBrackets } from './registers.ts';
import { seedRegistersTerritory } from './registers-territory.ts';
import { seedRegistersAxes } from './registers-axes.ts';
import { seedSaoPaulo } from './sao-paulo.ts';
import { seedSala5w2h } from './sala-5w2h.ts';
import { seedMysteryShopper } from './mystery-shopper.ts';
import { seedSalaCost } from './sala-cost.ts';
import { DEMO_ROOM_POSITIONS } from './sala-rooms.ts';
import { seedSalaTime } from './sala-time.ts';
import { seedTenantHead } from './tenant.ts';
import { RELATIONSHIP_STATUS } from '../../src/domain/municipality.ts';
import { DEMO_USERS, DISABLED_IN_MUNICIPALITY, TENANTS, USER_GROUPS, type TenantSeed } from './data.ts';

/**
 * The demo seed, composed of one module per domain (questions, solutions, members, meetings, follow-ups,
 * calendar, reports, evidence) over the shared insert-if-missing helper (ensure.ts). This file seeds the tenant core
 * (configuration, statuses, project, municipalities, user groups and users) and calls the modules in
 * dependency order; every run is idempotent.
 */
export async function seed(db: Db, opts: { demoPassword: string; log?: (msg: string) => void }): Promise<{ created: number }> {
  const log = opts.log ?? (() => {});
  // One hash for every demo account: argon2 is deliberately slow.
  const senhaHash = await hashPassword(opts.demoPassword);
  const counter: Counter = { created: 0 };
  // All or nothing: a failure half-way must not leave a partial tenant that later runs would complete inconsistently.
  await db.transaction(async (tx) => {
    for (const t of TENANTS) {
      const before = counter.created;
      await seedTenant(tx, t, senhaHash, counter);
      log(`seed: tenant ${t.id}: ${counter.created - before} linhas criadas`);
    }
    const before = counter.created;
    await seedSaoPaulo(tx, counter);
    log(`seed: tenant sp (acesso único): ${counter.created - before} linhas criadas`);
  });
  return { created: counter.created };
}

async function seedTenant(tx: Tx, t: TenantSeed, senhaHash: string, counter: Counter): Promise<void> {
  const { ensure, projeto, statusIdOf, contractIdOf } = await seedTenantHead(tx, t, counter);

  const questions = await seedQuestions(ensure, projeto.projetoId);
  const axisIds = new Map(questions.map((q) => [q.eixoNome, q.eixoId]));

  const municipios: InferSelectModel<typeof s.municipio>[] = [];
  for (const m of t.municipios) {
    municipios.push(
      await ensure(s.municipio, [eq(s.municipio.nome, m.nome), eq(s.municipio.uf, t.uf)], {
        nome: m.nome,
        uf: t.uf,
        codigoIbge: m.codigoIbge,
        tipo: m.tipo,
        statusId: statusIdOf(m.statusRelacionamento),
        statusContratoId: contractIdOf(m.statusContrato),
        projetoId: projeto.projetoId,
        statusRelacionamento: m.statusRelacionamento,
        statusParticipacao: m.statusParticipacao,
        tipoPrograma: m.tipoPrograma,
        selo: m.selo,
        pontos: m.pontos,
        medalha: m.medalha,
      }),
    );
  }
  const municipioId = (position: number) => municipios[position]!.municipioId;

  const groupIds = new Map<string, number>();
  for (const g of USER_GROUPS) {
    const eixos = (g.eixosVisiveis ?? []).map((nome) => axisIds.get(nome));
    const row = await ensure(s.usuarioGrupo, [eq(s.usuarioGrupo.nome, g.nome)], {
      nome: g.nome,
      ...g.flags,
      visualizaEixosIds: JSON.stringify(eixos),
    });
    groupIds.set(g.nome, row.grupoId);
    for (const relatorioId of g.relatoriosAdm ?? []) {
      await ensure(
        s.usuarioGrupoPermissao,
        [eq(s.usuarioGrupoPermissao.grupoId, row.grupoId), eq(s.usuarioGrupoPermissao.relatorioId, relatorioId)],
        { grupoId: row.grupoId, relatorioId },
      );
    }
  }

  const users = [...DEMO_USERS.map((u) => ({ ...u, nome: t.demoNames[u.key] })), ...t.extraUsers];
  const userIds = new Map<string, number>();
  for (const [i, u] of users.entries()) {
    const row = await ensure(s.usuario, [eq(s.usuario.email, u.email)], {
      nome: u.nome,
      email: u.email,
      cpf: cpfFor(t, `usuario:${u.email}`),
      telefone: phone(t.ddd, 8800 + i, `usuario:${t.id}:${u.email}`),
      senhaHash: u.semSenha ? null : senhaHash,
      grupoId: groupIds.get(u.grupo),
      habilitado: u.habilitado ?? true,
      administradorSistema: u.administradorSistema ?? false,
    });
    userIds.set(u.email, row.usuarioId);
    for (const p of u.permissoes ?? []) {
      const values = {
        usuarioId: row.usuarioId,
        municipioId: municipioId(p.municipio),
        eixoId: p.eixo ? axisIds.get(p.eixo)! : null,
        permissao: p.permissao,
      };
      await ensure(
        s.usuarioPermissao,
        [
          eq(s.usuarioPermissao.usuarioId, values.usuarioId),
          eq(s.usuarioPermissao.municipioId, values.municipioId),
          values.eixoId === null ? isNull(s.usuarioPermissao.eixoId) : eq(s.usuarioPermissao.eixoId, values.eixoId),
          eq(s.usuarioPermissao.permissao, values.permissao),
        ],
        values,
      );
    }
    for (const position of u.solucoes ?? []) {
      const values = { usuarioId: row.usuarioId, municipioId: municipioId(position) };
      await ensure(
        s.usuarioPermissaoSolucao,
        [eq(s.usuarioPermissaoSolucao.usuarioId, values.usuarioId), eq(s.usuarioPermissaoSolucao.municipioId, values.municipioId)],
        values,
      );
    }
  }

  const catalogue = await seedCatalogue(ensure, projeto.projetoId, axisIds, [userIds.get('condutor@demo.local')!]);

  const condutor = DEMO_USERS.find((u) => u.key === 'condutor')!;
  let vigenteIndex = 0;
  for (const [position, m] of t.municipios.entries()) {
    const row = municipios[position]!;
    const groups = await seedMembers(ensure, t, m, row.municipioId, position);
    if (m.statusRelacionamento !== RELATIONSHIP_STATUS.vigente) continue;
    const axes = (nacional: boolean, nome: string) => nacional || m.eixos.includes(nome);
    await seedAnswers(
      ensure,
      row.municipioId,
      questions.filter((q) => axes(q.nacional, q.eixoNome)),
      vigenteIndex,
    );
    const tasks = await seedMunicipalitySolutions(
      ensure,
      row.municipioId,
      catalogue.filter((g) => axes(g.nacional, g.eixoNome)),
      m.nome === DISABLED_IN_MUNICIPALITY.municipio ? DISABLED_IN_MUNICIPALITY : undefined,
    );
    const creator = condutor.permissoes!.some((p) => p.municipio === position) ? condutor.email : 'admin@demo.local';
    await seedMeetings(ensure, row.municipioId, groups, tasks, userIds.get(creator)!, vigenteIndex);
    vigenteIndex++;
  }
  await seedFollowups(
    tx,
    t.id,
    ensure,
    municipios.map((m) => m.municipioId),
  );
  await seedCalendarEvents(tx, t.id, ensure);
  await seedFieldReports(tx, t.id, ensure);
  await seedEvidence(
    tx,
    t.id,
    ensure,
    municipios.map((m) => m.municipioId),
  );
  await seedBrackets(ensure);
  await seedRegistersTerritory(tx, t.id, ensure);
  await seedRegistersAxes(tx, t.id, ensure);
  await seedQuestionRegisters(tx, t.id, ensure);
  await seedPayments(tx, t.id, t.uf, ensure);
  await seedProposals(tx, t.id, ensure);
  await seedMysteryShopper(
    tx,
    t.id,
    municipios.map((m) => m.municipioId),
    counter,
  );
  await seedSala(
    tx,
    t.id,
    ensure,
    municipios.map((m) => m.municipioId),
    axisIds,
  );
  await seedReferenceTerms(
    tx,
    t.id,
    ensure,
    municipios.map((m) => m.municipioId),
  );
  await seedTerritories(
    tx,
    t.id,
    t.uf,
    ensure,
    municipios.map((m) => m.municipioId),
  );
  for (const position of DEMO_ROOM_POSITIONS) {
    await seedSala5w2h(tx, t.id, municipioId(position), counter);
    await seedSalaTime(tx, t.id, municipioId(position), counter);
    await seedSalaCost(tx, t.id, municipioId(position), counter);
  }
}
