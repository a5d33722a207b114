import { z } from 'zod';
import { idSchema, isoDate, optionalText, requiredChoice } from './register-fields.ts';

/**
 * The time room of the Sala do Empreendedor (issue 29 item 6, spec §7 api/salatempo): each service
 * the room delivered and how long it took, entered one by one or imported from a spreadsheet, with
 * averages by service and by month. The same service names are used by the cost room, so the cost
 * of one service can be divided by how many times it was delivered.
 */

/** The services a room delivers (the Sala do Empreendedor's usual catalogue). */
export const SALA_SERVICES = [
  'Abertura de empresa',
  'Formalização de MEI',
  'Alvará de funcionamento',
  'Orientação empresarial',
  'Acesso a crédito',
  'Emissão de nota fiscal',
  'Baixa de empresa',
  'Outros atendimentos',
] as const;
export type SalaService = (typeof SALA_SERVICES)[number];

export const SALA_TIME_MESSAGES = {
  naoEncontrado: 'Registro de tempo não encontrado.',
  servicoInvalido: 'Escolha um serviço da lista.',
  duracaoInvalida: 'Informe uma duração maior que zero (no máximo 365 dias).',
  importacaoVazia: 'A planilha não tem linhas para importar.',
  importacaoGrande: 'Importe no máximo 5000 linhas de uma vez.',
  painelNaoEncontrado: 'Painel não encontrado.',
  erroObter: 'Erro ao obter tempos de atendimento',
} as const;

/** At most a year: a longer time is a typing error, not a service. */
export const MAX_DURATION_MINUTES = 365 * 24 * 60;

export const salaServiceSchema = z.enum(SALA_SERVICES, { error: () => SALA_TIME_MESSAGES.servicoInvalido });

const duration = z
  .number({ error: () => SALA_TIME_MESSAGES.duracaoInvalida })
  .int(SALA_TIME_MESSAGES.duracaoInvalida)
  .min(1, SALA_TIME_MESSAGES.duracaoInvalida)
  .max(MAX_DURATION_MINUTES, SALA_TIME_MESSAGES.duracaoInvalida);

export const timeInputSchema = z.object({
  municipioId: requiredChoice(),
  servico: salaServiceSchema,
  /** The day the service was concluded (YYYY-MM-DD; shown DD/MM/AAAA). */
  data: isoDate('Data'),
  duracaoMinutos: duration,
  observacao: optionalText(500),
});
export type TimeInput = z.input<typeof timeInputSchema>;

export const timeUpdateSchema = timeInputSchema.extend({ salaTempoId: idSchema });
export type TimeUpdate = z.input<typeof timeUpdateSchema>;

export const timeRowSchema = z.object({
  salaTempoId: z.number().int(),
  municipioId: z.number().int(),
  servico: salaServiceSchema,
  data: z.string(),
  duracaoMinutos: z.number().int(),
  observacao: z.string(),
});
export type TimeRow = z.infer<typeof timeRowSchema>;

export const MAX_IMPORT_ROWS = 5000;

export const timeImportSchema = z.object({
  municipioId: requiredChoice(),
  linhas: z
    .array(timeInputSchema.omit({ municipioId: true }))
    .min(1, SALA_TIME_MESSAGES.importacaoVazia)
    .max(MAX_IMPORT_ROWS, SALA_TIME_MESSAGES.importacaoGrande),
});
export type TimeImport = z.input<typeof timeImportSchema>;

export const averageSchema = z.object({ atendimentos: z.number().int(), mediaMinutos: z.number() });
export const serviceAverageSchema = averageSchema.extend({ servico: salaServiceSchema });
export const monthAverageSchema = averageSchema.extend({ mes: z.string() });
/** Averages by service, by month (YYYY-MM) and by both: what the room's panel and the public panel show. */
export const timeAveragesSchema = z.object({
  geral: averageSchema,
  porServico: z.array(serviceAverageSchema),
  porMes: z.array(monthAverageSchema),
  porServicoEMes: z.array(serviceAverageSchema.extend({ mes: z.string() })),
});
export type TimeAverages = z.infer<typeof timeAveragesSchema>;

/** GET obter-tempo-por-municipio/{id}: the rows, the averages, and the public panel's link secret when shared. */
export const timeRoomSchema = z.object({
  municipioId: z.number().int(),
  registros: z.array(timeRowSchema),
  medias: timeAveragesSchema,
  painelHash: z.string().nullable(),
});
export type TimeRoom = z.infer<typeof timeRoomSchema>;

/** The public panel (/sala-tempo): the municipality's name and the averages, nothing else. */
export const publicTimePanelSchema = z.object({
  municipio: z.object({ nome: z.string(), uf: z.string() }),
  medias: timeAveragesSchema,
});
export type PublicTimePanel = z.infer<typeof publicTimePanelSchema>;

export const timePanelLinkSchema = z.object({ painelHash: z.string().nullable() });

const mean = (total: number, count: number) => (count === 0 ? 0 : Math.round((total / count) * 10) / 10);

type Bucket = { total: number; count: number };
function add(map: Map<string, Bucket>, key: string, minutes: number) {
  const bucket = map.get(key) ?? { total: 0, count: 0 };
  bucket.total += minutes;
  bucket.count += 1;
  map.set(key, bucket);
}

/** Averages of the rows by service (catalogue order), by month (oldest first) and by both. */
export function timeAverages(rows: ReadonlyArray<Pick<TimeRow, 'servico' | 'data' | 'duracaoMinutos'>>): TimeAverages {
  const byService = new Map<string, Bucket>();
  const byMonth = new Map<string, Bucket>();
  const byBoth = new Map<string, Bucket>();
  let total = 0;
  for (const row of rows) {
    const mes = row.data.slice(0, 7);
    add(byService, row.servico, row.duracaoMinutos);
    add(byMonth, mes, row.duracaoMinutos);
    add(byBoth, `${row.servico}|${mes}`, row.duracaoMinutos);
    total += row.duracaoMinutos;
  }
  const avg = (b: Bucket) => ({ atendimentos: b.count, mediaMinutos: mean(b.total, b.count) });
  return {
    geral: { atendimentos: rows.length, mediaMinutos: mean(total, rows.length) },
    porServico: SALA_SERVICES.filter((s) => byService.has(s)).map((servico) => ({ servico, ...avg(byService.get(servico)!) })),
    porMes: [...byMonth.keys()].sort().map((mes) => ({ mes, ...avg(byMonth.get(mes)!) })),
    porServicoEMes: [...byBoth.entries()]
      .map(([key, b]) => {
        const [servico, mes] = key.split('|') as [SalaService, string];
        return { servico, mes, ...avg(b) };
      })
      .sort((a, b) => a.mes.localeCompare(b.mes) || SALA_SERVICES.indexOf(a.servico) - SALA_SERVICES.indexOf(b.servico)),
  };
}

/** "2 d 3 h", "1 h 05 min", "45 min": a duration as the panels show it. */
export function formatDuration(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const days = Math.floor(whole / (24 * 60));
  const hours = Math.floor((whole % (24 * 60)) / 60);
  const mins = whole % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  return mins > 0 ? `${hours} h ${String(mins).padStart(2, '0')} min` : `${hours} h`;
}

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
/** "2026-03" → "mar/2026". */
export function formatMonth(mes: string): string {
  const [year, month] = mes.split('-');
  return `${MONTHS[Number(month) - 1] ?? month}/${year}`;
}

/**
 * One line of an imported spreadsheet (CSV, `;` or `,`): serviço; data (DD/MM/AAAA or AAAA-MM-DD);
 * duração in minutes or as HH:MM; an optional observation. A header line is skipped. Returns the rows
 * read and, for each line that could not be read, its number and why, so nothing is imported silently wrong.
 */
export function parseTimeCsv(text: string): { linhas: Omit<TimeInput, 'municipioId'>[]; erros: string[] } {
  const linhas: Omit<TimeInput, 'municipioId'>[] = [];
  const erros: string[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const cells = line.split(line.includes(';') ? ';' : ',').map((c) => c.trim().replace(/^"|"$/g, ''));
    const [servicoText = '', dataText = '', duracaoText = '', observacao = ''] = cells;
    if (index === 0 && /servi[cç]o/i.test(servicoText)) return;
    const servico = SALA_SERVICES.find((s) => s.localeCompare(servicoText, 'pt-BR', { sensitivity: 'base' }) === 0);
    const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dataText);
    const data = br ? `${br[3]}-${br[2]}-${br[1]}` : /^\d{4}-\d{2}-\d{2}$/.test(dataText) ? dataText : null;
    const hm = /^(\d{1,4}):(\d{2})$/.exec(duracaoText);
    const duracaoMinutos = hm ? Number(hm[1]) * 60 + Number(hm[2]) : /^\d+$/.test(duracaoText) ? Number(duracaoText) : NaN;
    const problem = !servico
      ? `serviço "${servicoText}" fora da lista`
      : !data
        ? `data "${dataText}" inválida`
        : !(duracaoMinutos > 0 && duracaoMinutos <= MAX_DURATION_MINUTES)
          ? `duração "${duracaoText}" inválida`
          : null;
    if (problem) erros.push(`Linha ${index + 1}: ${problem}.`);
    else linhas.push({ servico: servico!, data: data!, duracaoMinutos, observacao: observacao.slice(0, 500) });
  });
  return { linhas, erros };
}
