import { z } from 'zod';
import {
  paymentReportSchema,
  publicReportSchema,
  reportAggregateRowSchema,
  reportAnalysisSchema,
  reportCreateSchema,
  reportListItemSchema,
  reportMailSchema,
  reportRichListItemSchema,
  reportSchema,
  reportScoreSchema,
  reportUpdateSchema,
} from '../domain/field-reports.ts';
import { REPORT_MESSAGES, reportFilterSchema } from '../domain/report-common.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_PURPOSES } from '../domain/uploads.ts';
import { endpoint, type DocumentedHeader, type JsonSchema } from './endpoint.ts';
import { errorResponses, idOrZeroParam, idParam, idParams, recordErrors as errors, storedFileResponse } from './schemas.ts';

/**
 * Field reports (spec §7 api/relatorio, and api/arquivo/anexo/download for their files). Rules of
 * spec §6 as decided for issue 5 (src/domain/report-common.ts): creating needs novoRelatorio;
 * analysts (podeAnalisarRelatorio, or admins) see every report of the municipalities they see and
 * approve or reject; everyone else sees only the reports they wrote; the author edits until
 * approval and deletes while waiting.
 *
 * Access declared here: creating (the flag, with its own message, then the municipality of the
 * body), the city's list (the municipality and its Relatórios tab) and the score (the municipality).
 * The rest is `session`, and the server feature decides, because the vocabulary cannot say it: a
 * report is visible to its author in any municipality, to an analyst only in a municipality they see
 * (a `record` always gates by the municipality); analysing is "admin or podeAnalisarRelatorio",
 * decided before the report's visibility; reading another user's lists needs the analysts' rule.
 */

const tags = ['relatorio'];
const sentSchema = z.object({ enviados: z.number().int() });

/** The client says which variant it runs in this header ('at' → the AT wording of §5 rule 2). */
export const VARIANT_HEADER = 'variante';

/** The variant header the create and edit routes read, for the OpenAPI document. */
const variantHeader: Record<string, DocumentedHeader> = {
  [VARIANT_HEADER]: {
    description: 'Variante do aplicativo que envia (por exemplo "cidade-empreendedora"); "at" usa a redação AT da regra 2 (§5).',
    schema: { type: 'string', example: 'at' },
  },
};

/**
 * The spec's create form as the OpenAPI document shows it (documentation only): every field of the
 * JSON body as text, except the two lists, sent JSON-encoded in their *String fields, and the
 * uploads, sent as the files themselves in `arquivos` parts. Derived from the JSON schema, so the
 * two stay the same form (server/features/field-reports/multipart.ts reads it).
 */
const reportForm: JsonSchema = {
  type: 'object',
  properties: {
    ...Object.fromEntries(
      Object.keys(reportCreateSchema.shape)
        .filter((name) => !['convidadosRelatorio', 'tarefasRelatorio', 'arquivosUploadIds'].includes(name))
        .map((name) => [name, { type: 'string' }]),
    ),
    convidadosRelatorioString: { type: 'string', description: 'Convidados em JSON: [{ "membroId": 1, "presente": true }]' },
    tarefasRelatorioString: { type: 'string', description: 'Tarefas em JSON: [{ "municipioTarefaId": 1, "cumprida": true }]' },
    arquivos: {
      type: 'array',
      items: { type: 'string', format: 'binary' },
      description: `Anexos, um por parte "arquivos" (${UPLOAD_PURPOSES.anexo.label}; até ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB no total)`,
    },
  },
  required: ['municipioId', 'encontroId'],
};

const listOf = <S extends z.ZodType>(item: S) => ({ 200: z.array(item), ...errors });

function aggregate(path: `/${string}`, summary: string) {
  return endpoint({
    method: 'POST',
    path,
    summary,
    tags,
    access: 'session',
    body: reportFilterSchema,
    response: listOf(reportAggregateRowSchema),
  });
}

export const fieldReports = {
  create: endpoint({
    method: 'POST',
    path: '/relatorio',
    summary:
      'Criar relatório (JSON com arquivosUploadIds de envios concluídos, ou multipart/form-data com partes arquivos e os campos *String da especificação)',
    tags,
    // The flag before a byte of the body (a form's files) is read; then the municipality the body names.
    access: { flag: 'novoRelatorio', refused: REPORT_MESSAGES.semPermissaoCriar, municipality: 'body.municipioId' },
    body: reportCreateSchema,
    response: { 201: reportSchema, ...errors },
    docs: { bodies: { 'multipart/form-data': reportForm }, headers: variantHeader },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/relatorio',
    summary: 'Alterar relatório (o autor, enquanto não aprovado); volta para aguardando análise',
    tags,
    access: 'session',
    body: reportUpdateSchema,
    response: { 200: reportSchema, ...errors },
    docs: { headers: variantHeader },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/relatorio/:id',
    summary: 'Excluir relatório (o autor enquanto aguarda análise, ou um administrador)',
    tags,
    access: 'session',
    params: idParams,
    response: { 204: z.null(), ...errors },
  }),
  get: endpoint({
    method: 'GET',
    path: '/relatorio/get-by-id/:id',
    summary: 'Relatório por id',
    tags,
    access: 'session',
    params: idParams,
    response: { 200: reportSchema, ...errors },
  }),
  byMunicipality: endpoint({
    method: 'GET',
    path: '/relatorio/get-by-municipio/:id',
    summary: 'Lista de relatórios do município (analistas: todos; demais: os seus)',
    tags,
    // The city's report list is the Relatórios tab: closed to whoever may not open it.
    access: { municipality: 'params.id', tab: 'relatorio' },
    params: idParams,
    response: listOf(reportListItemSchema),
  }),
  byUser: endpoint({
    method: 'GET',
    path: '/relatorio/get-by-usuario/:usuarioId/:municipioId',
    summary: 'Relatórios escritos pelo usuário no município (municipioId 0 = todos os municípios visíveis)',
    tags,
    access: 'session',
    params: z.object({ usuarioId: idParam, municipioId: idOrZeroParam }),
    response: listOf(reportListItemSchema),
  }),
  byFilter: endpoint({
    method: 'POST',
    path: '/relatorio/get-by-filtro',
    summary: 'Relatórios por filtro (município, consultor, status, período de criação)',
    tags,
    access: 'session',
    body: reportFilterSchema,
    response: listOf(reportListItemSchema),
  }),
  search: endpoint({
    method: 'POST',
    path: '/relatorio/get-by-filtro-novo',
    summary: 'Relatórios por filtro, com município, horas, execução, atendimentos e quantidade de anexos',
    tags,
    access: 'session',
    body: reportFilterSchema,
    response: listOf(reportRichListItemSchema),
  }),
  analyse: endpoint({
    method: 'PUT',
    path: '/relatorio/analisar-relatorio',
    summary: 'Aprovar ou rejeitar (com motivo) um relatório',
    tags,
    access: 'session',
    body: reportAnalysisSchema,
    response: { 200: reportSchema, ...errors },
  }),
  forPayment: endpoint({
    method: 'GET',
    path: '/relatorio/get-by-processo-pagamento/:id',
    summary: 'Relatórios aprovados do usuário {id}, disponíveis para um processo de pagamento (com horasTarefas)',
    tags,
    access: 'session',
    params: idParams,
    response: listOf(paymentReportSchema),
  }),
  monthly: aggregate('/relatorio/relatorio-mensal', 'Relatórios por mês (calendário de São Paulo): quantidades e horas'),
  global: aggregate('/relatorio/relatorio-global', 'Relatórios por município: quantidades e horas'),
  globalByConsultant: aggregate('/relatorio/novo-relatorio-global', 'Relatórios por município e consultor: quantidades e horas'),
  score: endpoint({
    method: 'POST',
    path: '/relatorio/relatorio-municipio-pontuacao/:id',
    summary: 'Pontuação do município pelos seus relatórios (aprovados, tarefas cumpridas, presença)',
    tags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: reportScoreSchema, ...errors },
  }),
  sendMail: endpoint({
    method: 'POST',
    path: '/relatorio/send-mail-report',
    summary: 'Enviar por e-mail o resumo de um relatório (com o link público) aos endereços informados',
    tags,
    access: 'session',
    body: reportMailSchema,
    response: { 200: sentSchema, ...errors },
  }),
  survey: endpoint({
    method: 'GET',
    path: '/relatorio/envio-pesquisa/:id',
    summary: 'Enviar a pesquisa de satisfação do encontro aos convidados presentes que têm e-mail',
    tags,
    access: 'session',
    params: idParams,
    response: { 200: sentSchema, ...errors },
  }),
  download: endpoint({
    method: 'POST',
    path: '/arquivo/anexo/download/:id',
    summary: 'Baixar um anexo de relatório (blob), para quem pode ver o relatório',
    tags,
    access: 'session',
    // A download changes nothing: its bytes are never stored as a replayable answer.
    idempotency: false,
    params: idParams,
    response: { 200: storedFileResponse(UPLOAD_PURPOSES.anexo.types), ...errors },
  }),
  public: endpoint({
    method: 'GET',
    path: '/relatorio/obter-publico/:codigo',
    summary: 'Relatório público pelo código do link compartilhado (sem dados pessoais nem motivo de rejeição)',
    tags,
    access: 'public',
    params: z.object({ codigo: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }),
    response: { 200: publicReportSchema, ...errorResponses(400, 404) },
  }),
};
