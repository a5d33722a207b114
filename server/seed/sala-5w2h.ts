import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PlanStatus } from '../../src/domain/sala-5w2h.ts';
import * as s from '../db/schema/index.ts';
import { scoped, withTenant } from '../db/tenant-scope.ts';
import type { Counter, Tx } from './ensure.ts';

type SeedPlan = {
  oQue: string;
  porQue: string;
  onde: string;
  quando: string;
  quem: string;
  como: string;
  quanto: number;
  status: PlanStatus;
  progresso: number;
  shared?: true;
};

const PLANS: SeedPlan[] = [
  {
    oQue: 'Reduzir o tempo de abertura de empresas para até 2 dias',
    porQue: 'O tempo médio passa de 3 dias e afasta quem quer formalizar um negócio.',
    onde: 'Sala do Empreendedor e Junta Comercial',
    quando: '2026-12-18',
    quem: 'Coordenação da sala',
    como: 'Integrar o protocolo da sala ao sistema da Junta Comercial e revisar o checklist de documentos.',
    quanto: 1_250_000,
    status: 'em-andamento',
    progresso: 60,
    shared: true,
  },
  {
    oQue: 'Mutirão de formalização de MEI',
    porQue: 'Há ambulantes e prestadores de serviço sem CNPJ no centro da cidade.',
    onde: 'Praça central',
    quando: '2026-10-24',
    quem: 'Equipe de atendimento e Sebrae',
    como: 'Tendas com dois atendentes, divulgação nas rádios locais e agendamento pelo WhatsApp.',
    quanto: 480_000,
    status: 'concluido',
    progresso: 100,
  },
  {
    oQue: 'Feira de crédito para pequenos negócios',
    porQue: 'Os empreendedores desconhecem as linhas de crédito orientado disponíveis.',
    onde: 'Centro de eventos municipal',
    quando: '2027-03-12',
    quem: 'Agente de crédito e secretaria de desenvolvimento',
    como: 'Convidar três instituições financeiras e oferecer atendimento individual.',
    quanto: 820_000,
    status: 'nao-iniciado',
    progresso: 0,
  },
  {
    oQue: 'Capacitar a equipe em alvarás digitais',
    porQue: 'Os alvarás ainda são emitidos em papel e demoram até 5 dias.',
    onde: 'Sala do Empreendedor',
    quando: '2026-11-28',
    quem: 'Secretaria da Fazenda',
    como: 'Oficina de 8 horas e acompanhamento das primeiras emissões.',
    quanto: 150_000,
    status: 'em-andamento',
    progresso: 35,
  },
  {
    oQue: 'Pesquisa de satisfação dos atendimentos',
    porQue: 'A sala precisa medir a qualidade do atendimento para o selo.',
    onde: 'Atendimento presencial e on-line',
    quando: '2026-08-30',
    quem: 'Coordenação da sala',
    como: 'Formulário de três perguntas ao fim de cada atendimento.',
    quanto: 0,
    status: 'cancelado',
    progresso: 20,
  },
];

/** The 5W2H plans of a room (issue 29 item 10), one of them shared by a public link; a room with plans is left as it is. */
export async function seedSala5w2h(tx: Tx, tenantId: string, municipioId: number, counter: Counter): Promise<void> {
  const [already] = await tx
    .select({ id: s.sala5w2h.sala5w2hId })
    .from(s.sala5w2h)
    .where(scoped(s.sala5w2h, tenantId, eq(s.sala5w2h.municipioId, municipioId)))
    .limit(1);
  if (already) return;
  const rows = PLANS.map(({ shared, ...plan }) =>
    withTenant(tenantId, { ...plan, municipioId, hashPublico: shared ? randomBytes(24).toString('base64url') : null }),
  );
  await tx.insert(s.sala5w2h).values(rows);
  counter.created += rows.length;
}
