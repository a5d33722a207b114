import { createHash } from 'node:crypto';
import { eq, isNull, type InferInsertModel, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { scoped, withTenant } from '../db/tenant-scope.ts';
import { hashPassword } from '../lib/password.ts';
import { seedCalendar } from './calendar.ts';
import { seedReports } from './reports.ts';
import { cpfCheckDigits } from '../../src/domain/cpf.ts';
import { RELATIONSHIP_STATUS } from '../../src/domain/municipality.ts';
import {
  AXES,
  BASE_DATE,
  CONTRACT_STATUSES,
  DEMO_USERS,
  HOLIDAYS,
  MEETINGS,
  MEMBER_ROLES,
  MUNICIPALITY_GROUPS,
  SOLUTION_GROUPS,
  SOLUTION_TYPES,
  STATUS_BY_RELATIONSHIP,
  SYSTEM_FLAGS,
  TENANTS,
  USER_GROUPS,
  type MunicipalitySeed,
  type TenantSeed,
} from './data.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type TenantTable = PgTable & { tenantId: PgColumn };

/**
 * Returns the row matching `conditions` in the tenant, inserting `values` only when there is none.
 * Existing rows are never updated: a re-run must change nothing, even if the seed data was edited.
 */
type Ensure = <T extends TenantTable>(
  table: T,
  conditions: SQL[],
  values: Omit<InferInsertModel<T>, 'tenantId'>,
) => Promise<InferSelectModel<T>>;

type Counter = { created: number };

function makeEnsure(tx: Tx, tenantId: string, counter: Counter): Ensure {
  return async (table, conditions, values) => {
    const [found] = await tx
      .select()
      .from(table as PgTable)
      .where(scoped(table, tenantId, ...conditions))
      .limit(1);
    if (found) return found as never;
    const [row] = (await tx
      .insert(table)
      .values(withTenant(tenantId, values) as never)
      .returning()) as unknown[];
    counter.created++;
    return row as never;
  };
}

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
  });
  return { created: counter.created };
}

async function seedTenant(tx: Tx, t: TenantSeed, senhaHash: string, counter: Counter): Promise<void> {
  const [existing] = await tx.select().from(s.tenant).where(eq(s.tenant.id, t.id));
  if (!existing) {
    await tx.insert(s.tenant).values({ id: t.id, nome: t.nome, uf: t.uf });
    counter.created++;
  }
  const ensure = makeEnsure(tx, t.id, counter);

  await ensure(s.configuracao, [], { ...SYSTEM_FLAGS });

  const statusIds = new Map<string, number>();
  for (const nome of Object.values(STATUS_BY_RELATIONSHIP)) {
    statusIds.set(nome, (await ensure(s.status, [eq(s.status.statusNome, nome)], { statusNome: nome })).statusId);
  }
  const contractIds = new Map<string, number>();
  for (const nome of CONTRACT_STATUSES) {
    contractIds.set(nome, (await ensure(s.statusContrato, [eq(s.statusContrato.nome, nome)], { nome })).statusContratoId);
  }
  const projeto = await ensure(s.projeto, [eq(s.projeto.nome, t.projeto.nome)], { ...t.projeto, uf: t.uf });

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
        statusId: statusIds.get(STATUS_BY_RELATIONSHIP[m.statusRelacionamento]!),
        statusContratoId: m.statusContrato ? contractIds.get(m.statusContrato) : null,
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

  const catalogue = await seedCatalogue(ensure, projeto.projetoId, axisIds);

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
    );
    const creator = condutor.permissoes!.some((p) => p.municipio === position) ? condutor.email : 'admin@demo.local';
    await seedMeetings(ensure, row.municipioId, groups, tasks, userIds.get(creator)!, vigenteIndex);
    vigenteIndex++;
  }
  await seedCalendar(tx, t.id, ensure);
  await seedReports(tx, t.id, ensure);
}

type QuestionRow = { perguntaId: number; eixoId: number; eixoNome: string; nacional: boolean; evidencia: boolean };

async function seedQuestions(ensure: Ensure, projetoId: number): Promise<QuestionRow[]> {
  const result: QuestionRow[] = [];
  for (const a of AXES) {
    const eixo = await ensure(s.eixo, [eq(s.eixo.nome, a.nome)], { nome: a.nome, descricao: a.descricao, nacional: a.nacional, projetoId });
    let numero = 0;
    for (const tm of a.temas) {
      const tema = await ensure(s.tema, [eq(s.tema.eixoId, eixo.eixoId), eq(s.tema.nome, tm.nome)], { nome: tm.nome, eixoId: eixo.eixoId });
      for (const q of tm.perguntas) {
        const evidencia = q.evidencia ?? true;
        await ensure(s.pergunta, [eq(s.pergunta.perguntaId, q.id)], {
          perguntaId: q.id,
          numero: ++numero,
          texto: q.texto,
          pontos: q.pontos,
          evidencia,
          recorrente: q.recorrente ?? false,
          possuiComentario: q.comentario ?? false,
          temaId: tema.temaId,
        });
        result.push({ perguntaId: q.id, eixoId: eixo.eixoId, eixoNome: a.nome, nacional: a.nacional, evidencia });
      }
    }
  }
  return result;
}

/** Resend deadline of the seeded rejections: two business days after BASE_DATE (a Monday). */
const PRAZO_REENVIO = '2026-11-18';

/** Spreads the questions over the lifecycle of spec §4 so every evidence tab has something to show. */
function answerState(q: QuestionRow, state: number): Partial<InferInsertModel<typeof s.perguntaMunicipio>> {
  if (!q.evidencia) return state % 3 === 0 ? {} : { resposta: state % 3 === 1, salvo: true };
  const files = q.perguntaId === 13 ? 2 : 1;
  const attendants = q.perguntaId === 3 ? { atualizacaoAtendentes: 3 } : {};
  const withFile = {
    resposta: true,
    salvo: true,
    temArquivo: true,
    quantidadeArquivo: files,
    ...attendants,
    quantidadeArquivoDadosComplementares: q.perguntaId === 3 ? 1 : 0,
  };
  switch (state) {
    case 0:
      return {};
    case 1:
      return { resposta: false, salvo: true };
    case 2:
      return { resposta: true, salvo: true, ...attendants };
    case 3:
      return withFile;
    case 4:
      return { ...withFile, evidenciada: true };
    default:
      return { ...withFile, evidenciada: true, rejeitada: true, qtdRejeicao: 1 + (q.perguntaId % 2), prazoReenvio: PRAZO_REENVIO };
  }
}

async function seedAnswers(ensure: Ensure, municipioId: number, questions: QuestionRow[], vigenteIndex: number) {
  for (const [i, q] of questions.entries()) {
    await ensure(
      s.perguntaMunicipio,
      [eq(s.perguntaMunicipio.municipioId, municipioId), eq(s.perguntaMunicipio.perguntaId, q.perguntaId)],
      { perguntaId: q.perguntaId, municipioId, eixoId: q.eixoId, ...answerState(q, (vigenteIndex * 5 + i) % 6) },
    );
  }
}

type CatalogueGroup = {
  grupoSolucaoId: number;
  nome: string;
  eixoNome: string;
  nacional: boolean;
  solucoes: {
    solucaoId: number;
    nome: string;
    tarefas: { tarefaId: number; nome: string; descricao: string; horas: number; evidencias: [string, string][] }[];
  }[];
};

async function seedCatalogue(ensure: Ensure, projetoId: number, axisIds: Map<string, number>): Promise<CatalogueGroup[]> {
  const typeIds = new Map<string, number>();
  for (const nome of SOLUTION_TYPES) {
    typeIds.set(nome, (await ensure(s.solucaoTipo, [eq(s.solucaoTipo.nome, nome)], { nome })).solucaoTipoId);
  }
  const result: CatalogueGroup[] = [];
  for (const g of SOLUTION_GROUPS) {
    const grupo = await ensure(s.grupoSolucao, [eq(s.grupoSolucao.projetoId, projetoId), eq(s.grupoSolucao.nome, g.nome)], {
      projetoId,
      eixoId: axisIds.get(g.eixo),
      nome: g.nome,
      descricao: g.descricao,
      tipo: g.tipo,
    });
    const group: CatalogueGroup = {
      grupoSolucaoId: grupo.grupoSolucaoId,
      nome: g.nome,
      eixoNome: g.eixo,
      nacional: AXES.find((a) => a.nome === g.eixo)!.nacional,
      solucoes: [],
    };
    for (const sol of g.solucoes) {
      const solucao = await ensure(s.solucao, [eq(s.solucao.grupoSolucaoId, grupo.grupoSolucaoId), eq(s.solucao.nome, sol.nome)], {
        grupoSolucaoId: grupo.grupoSolucaoId,
        nome: sol.nome,
        descricao: sol.descricao,
        custo: sol.custo,
        preco: sol.preco,
        solucaoTipoId: typeIds.get(sol.tipo),
        monitoramento: sol.visitas ? 2 : 1,
        dataInicio: '2025-03-03',
        dataTermino: '2026-12-18',
        visitasPresenciais: sol.visitas?.presenciais,
        horasPrevistasVisitasPresenciais: sol.visitas?.horasPresenciais,
        trabalhosEscritorio: sol.visitas?.escritorio,
        horasPrevistasTrabalhosEscritorio: sol.visitas?.horasEscritorio,
        cargaHoraria: sol.cargaHoraria,
      });
      const tarefas = [];
      for (const tf of sol.tarefas) {
        const tarefa = await ensure(s.tarefa, [eq(s.tarefa.solucaoId, solucao.solucaoId), eq(s.tarefa.nome, tf.nome)], {
          solucaoId: solucao.solucaoId,
          nome: tf.nome,
          descricao: tf.descricao,
          horas: tf.horas,
        });
        for (const [nome, descricao] of tf.evidencias) {
          await ensure(s.evidencia, [eq(s.evidencia.tarefaId, tarefa.tarefaId), eq(s.evidencia.nome, nome)], {
            tarefaId: tarefa.tarefaId,
            nome,
            descricao,
          });
        }
        tarefas.push({ ...tf, tarefaId: tarefa.tarefaId });
      }
      group.solucoes.push({ solucaoId: solucao.solucaoId, nome: sol.nome, tarefas });
    }
    result.push(group);
  }
  return result;
}

/** Copies the catalogue groups into the municipality; returns its municipioTarefa ids. */
async function seedMunicipalitySolutions(ensure: Ensure, municipioId: number, groups: CatalogueGroup[]): Promise<number[]> {
  const taskIds: number[] = [];
  for (const g of groups) {
    const mg = await ensure(
      s.municipioGrupoSolucao,
      [eq(s.municipioGrupoSolucao.municipioId, municipioId), eq(s.municipioGrupoSolucao.grupoSolucaoId, g.grupoSolucaoId)],
      { municipioId, grupoSolucaoId: g.grupoSolucaoId, nome: g.nome },
    );
    for (const [i, sol] of g.solucoes.entries()) {
      const ms = await ensure(
        s.municipioSolucao,
        [eq(s.municipioSolucao.municipioId, municipioId), eq(s.municipioSolucao.solucaoId, sol.solucaoId)],
        {
          municipioId,
          solucaoId: sol.solucaoId,
          municipioGrupoSolucaoId: mg.municipioGrupoSolucaoId,
          nome: sol.nome,
          dataInicio: '2025-04-14',
          dataTermino: '2026-12-11',
          iniciada: i === 0,
        },
      );
      for (const tf of sol.tarefas) {
        const mt = await ensure(
          s.municipioTarefa,
          [eq(s.municipioTarefa.municipioSolucaoId, ms.municipioSolucaoId), eq(s.municipioTarefa.tarefaId, tf.tarefaId)],
          {
            municipioId,
            municipioSolucaoId: ms.municipioSolucaoId,
            tarefaId: tf.tarefaId,
            nome: tf.nome,
            descricao: tf.descricao,
            horas: tf.horas,
          },
        );
        for (const [nome, descricao] of tf.evidencias) {
          await ensure(
            s.municipioEvidencia,
            [eq(s.municipioEvidencia.municipioTarefaId, mt.municipioTarefaId), eq(s.municipioEvidencia.nome, nome)],
            { municipioTarefaId: mt.municipioTarefaId, nome, descricao },
          );
        }
        taskIds.push(mt.municipioTarefaId);
      }
    }
  }
  return taskIds;
}

type GroupMembers = { grupoId: number; membroIds: number[] }[];

async function seedMembers(
  ensure: Ensure,
  t: TenantSeed,
  m: MunicipalitySeed,
  municipioId: number,
  position: number,
): Promise<GroupMembers> {
  const groups: GroupMembers = [];
  for (const nome of MUNICIPALITY_GROUPS) {
    const g = await ensure(s.municipioGrupo, [eq(s.municipioGrupo.municipioId, municipioId), eq(s.municipioGrupo.nome, nome)], {
      municipioId,
      nome,
    });
    groups.push({ grupoId: g.grupoId, membroIds: [] });
  }
  const govDomain = `${slug(m.nome)}.${t.uf.toLowerCase()}.gov.br`;
  for (let k = 0; k < m.membros; k++) {
    const role = MEMBER_ROLES[k]!;
    const person = t.firstNames[(position * 5 + k) % t.firstNames.length]!;
    // The two offsets differ in parity, so a member never gets the same surname twice.
    const middle = t.surnames[(position * 3 + k * 7) % t.surnames.length]!;
    const last = t.surnames[(position + k * 3 + 11) % t.surnames.length]!;
    const nome = `${person.nome} ${middle} ${last}`;
    const publicServant = role.orgao.startsWith('Prefeitura') || role.orgao.startsWith('Secretaria');
    const membro = await ensure(s.membro, [eq(s.membro.municipioId, municipioId), eq(s.membro.nome, nome)], {
      municipioId,
      nome,
      email: `${slug(person.nome.split(' ')[0]!)}.${slug(last)}@${publicServant ? govDomain : 'exemplo.com.br'}`,
      // Position and index keep the first block unique, as the (tenant, telefone) index requires.
      telefone: phone(m.ddd, 9100 + position * 10 + k, `membro:${t.id}:${nome}`),
      cpf: cpfFor(t, `membro:${m.nome}:${k}`),
      cargo: role.cargo[person.feminino ? 1 : 0],
      orgao: role.orgao.replace('{municipio}', m.nome).replace('{uf}', t.uf),
    });
    const group = groups[role.grupo]!;
    const lider = MEMBER_ROLES.findIndex((r) => r.grupo === role.grupo) === k;
    await ensure(s.membroGrupo, [eq(s.membroGrupo.grupoId, group.grupoId), eq(s.membroGrupo.membroId, membro.membroId)], {
      grupoId: group.grupoId,
      membroId: membro.membroId,
      lider,
    });
    group.membroIds.push(membro.membroId);
  }
  return groups;
}

async function seedMeetings(
  ensure: Ensure,
  municipioId: number,
  groups: GroupMembers,
  taskIds: number[],
  creatorId: number,
  vigenteIndex: number,
) {
  for (const [j, mt] of MEETINGS.entries()) {
    const day = businessDay(addDays(BASE_DATE, mt.dias + vigenteIndex));
    const group = groups[j % groups.length]!;
    // São Paulo time has been UTC-3 all year since daylight saving ended in 2019.
    const inicio = new Date(`${day}T${mt.inicio}:00-03:00`);
    const encontro = await ensure(s.encontro, [eq(s.encontro.municipioId, municipioId), eq(s.encontro.inicio, inicio)], {
      municipioId,
      grupoId: group.grupoId,
      titulo: mt.titulo,
      inicio,
      fim: new Date(`${day}T${mt.fim}:00-03:00`),
      encontroType: 'encontro',
      local: mt.local,
      criadoPorId: creatorId,
    });
    const picked = new Set(Array.from({ length: 1 + (j % 3) }, (_, x) => taskIds[(j * 3 + x * 2) % taskIds.length]!));
    for (const municipioTarefaId of picked) {
      await ensure(
        s.encontroTarefa,
        [eq(s.encontroTarefa.encontroId, encontro.encontroId), eq(s.encontroTarefa.municipioTarefaId, municipioTarefaId)],
        { encontroId: encontro.encontroId, municipioTarefaId },
      );
    }
    for (const membroId of group.membroIds.slice(0, 5)) {
      await ensure(
        s.encontroConvidado,
        [eq(s.encontroConvidado.encontroId, encontro.encontroId), eq(s.encontroConvidado.membroId, membroId)],
        { encontroId: encontro.encontroId, membroId, confirmado: mt.dias < 0 },
      );
    }
  }
}

/** Deterministic digits from a key, so every run derives the same CPF or phone for the same person. */
function digitsFor(key: string, length: number): string {
  const n = BigInt(`0x${createHash('sha256').update(key).digest('hex').slice(0, 15)}`) % 10n ** BigInt(length);
  return n.toString().padStart(length, '0');
}

function cpfFor(t: TenantSeed, key: string): string {
  const firstNine = digitsFor(`${t.id}:${key}`, 8) + t.cpfRegion;
  // Stored as digits only, like every CPF in the database; screens apply the mask.
  return firstNine + cpfCheckDigits(firstNine);
}

function phone(ddd: string, block: number, key: string): string {
  return `(${ddd}) 9${block}-${digitsFor(key, 4)}`;
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Moves a date forward past weekends and national holidays. */
function businessDay(isoDate: string): string {
  let day = isoDate;
  for (;;) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(day)) return day;
    day = addDays(day, 1);
  }
}
