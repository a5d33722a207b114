import { z } from 'zod';
import { readingRowSchema, roomHomeSchema } from './sala.ts';
import { memberSchema, municipalityGroupSchema } from './members.ts';
import { municipalityDetailSchema } from './municipality.ts';
import { adminReportListItemSchema } from './admin-reports.ts';
import { reportListItemSchema } from './field-reports.ts';
import { followupSchema } from './followups.ts';
import { evidenceQuestionSchema } from './evidence.ts';
import { planSchema } from './sala-5w2h.ts';
import { visitSchema } from './territories.ts';
import { offlineMeetingSchema, offlineSolutionSchema, offlineTaskProgressSchema, offlineTaskSchema } from './offline-rows.ts';

/**
 * "Disponível offline" (issue 4): everything a consultant needs on site for one municipality, in
 * one answer, so the device stores it in one transaction. GET api/offline/municipio/{id}/resumo
 * says how large it is before anything is downloaded; GET api/offline/municipio/{id} is the
 * bundle itself (with Content-Length, so the download shows progress). Later issues add their
 * arrays (follow-ups, evidence metadata, reports) here; older clients ignore unknown keys.
 */

export const offlineQuestionSchema = z.object({
  perguntaMunicipioId: z.number().int(),
  perguntaId: z.number().int(),
  municipioId: z.number().int(),
  eixoId: z.number().int(),
  temaId: z.number().int(),
  /** Theme (or pillar) name. */
  nome: z.string(),
  numero: z.number().int(),
  texto: z.string(),
  pontos: z.number(),
  resposta: z.boolean().nullable(),
  evidenciada: z.boolean(),
  rejeitada: z.boolean(),
  quantidadeArquivo: z.number().int(),
  prazoReenvio: z.string().nullable(),
});
export type OfflineQuestion = z.infer<typeof offlineQuestionSchema>;

export const offlineBundleSchema = z.object({
  /** ISO instant the server read the data: becomes the rows' syncedAt. */
  geradoEm: z.string(),
  /** The same answer as GET api/municipio/{id}: the city screens open from it offline. */
  municipio: municipalityDetailSchema,
  grupos: z.array(municipalityGroupSchema),
  membros: z.array(memberSchema),
  // Loose: the calendar's answer carries more (solutions of the event, temRelatorio) and the device keeps it.
  encontros: z.array(offlineMeetingSchema.loose()),
  solucoes: z.array(offlineSolutionSchema),
  tarefas: z.array(offlineTaskSchema),
  perguntas: z.array(offlineQuestionSchema),
  /**
   * The field reports the user may see in the municipality (analysts: all; others: their own), as
   * GET api/relatorio/get-by-municipio lists them, plus the meeting each was written from.
   * Attachments' bytes are not included: the detail loads them on demand. Optional: older servers omit it.
   */
  relatorios: z.array(reportListItemSchema).optional(),
  /**
   * The administrative reports the user may see in the municipality, as GET
   * api/relatorioadministrativo/relatorioadministrativo/get-by-municipio lists them (none for a group
   * that hides them). Optional: older servers omit it.
   */
  relatoriosAdministrativos: z.array(adminReportListItemSchema).optional(),
  /**
   * The municipality's follow-ups the user may see, each whole (with its questions), as GET
   * api/acompanhamento/{id} answers: they open and are answered offline. Optional: older servers omit it.
   */
  acompanhamentos: z.array(followupSchema).optional(),
  /**
   * The municipality's questions answered Sim that ask for evidence, in every evidence tab the user
   * may view, with their files (metadata only), as the get-perguntas-municipios-* calls list them:
   * the evidence tabs open and take files offline. Optional: older servers omit it.
   */
  perguntasEvidencia: z.array(evidenceQuestionSchema).optional(),
  /**
   * The municipality's enabled tasks with their progress, as GET api/dashboard/get-andamento-tarefas/{id}
   * answers (empty for a user without the Andamento tab): the tab opens offline. Optional: older servers omit it.
   */
  andamentoTarefas: z.array(offlineTaskProgressSchema).optional(),
  /** The municipality's Sala room (none or one) with its indicators and levels: the room opens offline. Optional: older servers omit it. */
  salas: z.array(roomHomeSchema).optional(),
  /** The readings of the room's indicator map, on the user's pillars. Optional: older servers omit it. */
  salaLeituras: z.array(readingRowSchema).optional(),
  /**
   * The 5W2H plans of the municipality's Sala do Empreendedor, as GET api/sala5w2h lists them: the
   * room's plans open and are updated offline. Optional: older servers omit it.
   */
  planos5w2h: z.array(planSchema).optional(),
  /** The territorial agents' visits of the municipality (issue 31): the agent's Visitas tab opens offline. Optional: older servers omit it. */
  visitas: z.array(visitSchema).optional(),
});
export type OfflineBundle = z.infer<typeof offlineBundleSchema>;
