// zod/mini: the city list, the first screen after login, validates its answer with these, and the
// chainable API of classic zod would add some 11 KB (gzip) to that screen (see session.ts).
import * as z from 'zod/mini';

const int = () => z.number().check(z.int());

export const RELATIONSHIP_STATUS = { semRelacionamento: 0, negociacao: 2, vigente: 4, encerrado: 6 } as const;
export const PARTICIPATION_STATUS = { naoParticipante: 0, participante: 3, encerrado: 6 } as const;
export const PROGRAMME_TYPE = { cidadeEmpreendedoraBasica: 1, cidadeEmpreendedora: 2 } as const;

export const municipalityListItemSchema = z.object({
  municipioId: int(),
  nome: z.string(),
  uf: z.string(),
  tipo: z.enum(['municipio', 'sala', 'parceiro']),
  statusId: z.nullable(int()),
  statusNome: z.nullable(z.string()),
  statusContratoId: z.nullable(int()),
  statusContratoNome: z.nullable(z.string()),
  projetoId: z.nullable(int()),
  projetoNome: z.nullable(z.string()),
  statusRelacionamento: int(),
  statusParticipacao: int(),
  tipoPrograma: int(),
});
export type MunicipalityListItem = z.infer<typeof municipalityListItemSchema>;

/** GET api/municipio: the municipalities the signed-in user may see. */
export const municipalityListSchema = z.array(municipalityListItemSchema);

/** GET api/municipio/{id}: the list fields plus points, medal, seal, picture and the vigente rule. */
export const municipalityDetailSchema = z.extend(municipalityListItemSchema, {
  pontos: int(),
  medalha: z.nullable(z.enum(['bronze', 'prata', 'ouro'])),
  selo: z.nullable(z.enum(['bronze', 'prata', 'ouro', 'diamante'])),
  imagem: z.nullable(z.string()),
  /** Spec §6 city vigente rule; points and medals only show for a vigente city. */
  vigente: z.boolean(),
});
export type MunicipalityDetail = z.infer<typeof municipalityDetailSchema>;

/** GET api/municipio/get-mini-dash/{id}: the counts of the city summary. */
export const municipalityMiniDashSchema = z.object({
  municipioId: int(),
  membros: int(),
  grupos: int(),
  perguntasRespondidas: int(),
  perguntasEvidenciadas: int(),
  perguntasRejeitadas: int(),
  encontros: int(),
  /** Issue 34: the city's key numbers on its Geral tab. Enabled tasks of enabled solutions. */
  tarefas: int(),
  tarefasCumpridas: int(),
  /** Evidence files by review state: approved, rejected, waiting for a decision. */
  evidenciasAprovadas: int(),
  evidenciasRejeitadas: int(),
  evidenciasPendentes: int(),
  /** Follow-up points (municipio.pontos), shown only to who may see points (spec §6). */
  pontos: int(),
  selo: z.nullable(z.enum(['bronze', 'prata', 'ouro', 'diamante'])),
  /** The latest field report (visit), ISO date-time, or null. */
  ultimoRelatorio: z.nullable(z.string()),
});
export type MunicipalityMiniDash = z.infer<typeof municipalityMiniDashSchema>;
