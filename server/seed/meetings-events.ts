import { eq } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import { BASE_DATE } from './data.ts';
import type { Ensure, Tx } from './ensure.ts';

/** Programme events around BASE_DATE: day offset, São Paulo times (all-day events span the whole day). */
const EVENTS: {
  dias: number;
  duracaoDias?: number;
  inicio?: string;
  fim?: string;
  titulo: string;
  descricao: string;
  local: string | null;
}[] = [
  {
    dias: 1,
    duracaoDias: 5,
    titulo: 'Semana Global do Empreendedorismo',
    descricao: 'Programação estadual com palestras, oficinas e rodadas de negócios em todos os municípios participantes.',
    local: null,
  },
  {
    dias: 4,
    inicio: '09:00',
    fim: '17:00',
    titulo: 'Capacitação de consultores: relatórios de campo',
    descricao: 'Como registrar encontros, presenças, tarefas cumpridas e anexos, inclusive sem conexão.',
    local: 'Auditório da sede estadual',
  },
  {
    dias: 17,
    inicio: '08:30',
    fim: '18:00',
    titulo: 'Feira do Empreendedor',
    descricao: 'Estandes das Salas do Empreendedor, atendimento ao MEI e compras públicas.',
    local: 'Centro de eventos da capital',
  },
  {
    dias: 24,
    inicio: '14:00',
    fim: '17:30',
    titulo: 'Encontro estadual de agentes de desenvolvimento',
    descricao: 'Troca de experiências entre os ADs e balanço do ano.',
    local: 'Online (link enviado por e-mail)',
  },
  {
    dias: 65,
    inicio: '09:00',
    fim: '12:00',
    titulo: 'Planejamento do próximo ciclo',
    descricao: 'Metas por eixo, calendário de encontros e distribuição dos municípios entre os consultores.',
    local: 'Sala de reuniões 2',
  },
];

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Calendar data of one tenant: the programme's events (the admins' /eventos page) and, for the
 * seeded meetings, the solutions of the event (those of their tasks, as the API records them).
 */
export async function seedCalendarEvents(tx: Tx, tenantId: string, ensure: Ensure): Promise<void> {
  const [admin] = await tx
    .select({ usuarioId: s.usuario.usuarioId })
    .from(s.usuario)
    .where(scoped(s.usuario, tenantId, eq(s.usuario.email, 'admin@demo.local')));
  for (const e of EVENTS) {
    const day = addDays(BASE_DATE, e.dias);
    // São Paulo time has been UTC-3 all year since daylight saving ended in 2019.
    const inicio = new Date(`${day}T${e.inicio ?? '00:00'}:00-03:00`);
    const fim = e.duracaoDias ? new Date(`${addDays(day, e.duracaoDias - 1)}T23:59:00-03:00`) : new Date(`${day}T${e.fim}:00-03:00`);
    await ensure(s.calendarioEvento, [eq(s.calendarioEvento.titulo, e.titulo), eq(s.calendarioEvento.inicio, inicio)], {
      titulo: e.titulo,
      descricao: e.descricao,
      local: e.local,
      inicio,
      fim,
      diaInteiro: Boolean(e.duracaoDias),
      criadoPorId: admin?.usuarioId ?? null,
    });
  }

  const links = await tx
    .selectDistinct({ encontroId: s.encontroTarefa.encontroId, municipioSolucaoId: s.municipioTarefa.municipioSolucaoId })
    .from(s.encontroTarefa)
    .innerJoin(s.municipioTarefa, eq(s.municipioTarefa.municipioTarefaId, s.encontroTarefa.municipioTarefaId))
    .where(scoped(s.encontroTarefa, tenantId));
  for (const link of links) {
    await ensure(
      s.encontroSolucao,
      [eq(s.encontroSolucao.encontroId, link.encontroId), eq(s.encontroSolucao.municipioSolucaoId, link.municipioSolucaoId)],
      link,
    );
  }
}
