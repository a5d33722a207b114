import { z } from 'zod';

export const RELATIONSHIP_STATUS = { semRelacionamento: 0, negociacao: 2, vigente: 4, encerrado: 6 } as const;
export const PARTICIPATION_STATUS = { naoParticipante: 0, participante: 3, encerrado: 6 } as const;
export const PROGRAMME_TYPE = { cidadeEmpreendedoraBasica: 1, cidadeEmpreendedora: 2 } as const;

export const municipalityListItemSchema = z.object({
  municipioId: z.number().int(),
  nome: z.string(),
  uf: z.string(),
  tipo: z.enum(['municipio', 'sala', 'parceiro']),
  statusId: z.number().int().nullable(),
  statusNome: z.string().nullable(),
  statusContratoId: z.number().int().nullable(),
  statusContratoNome: z.string().nullable(),
  projetoId: z.number().int().nullable(),
  projetoNome: z.string().nullable(),
  statusRelacionamento: z.number().int(),
  statusParticipacao: z.number().int(),
  tipoPrograma: z.number().int(),
});
export type MunicipalityListItem = z.infer<typeof municipalityListItemSchema>;

/** GET api/municipio/{id}: the list fields plus points, medal, seal, picture and the vigente rule. */
export const municipalityDetailSchema = municipalityListItemSchema.extend({
  pontos: z.number().int(),
  medalha: z.enum(['bronze', 'prata', 'ouro']).nullable(),
  selo: z.enum(['bronze', 'prata', 'ouro', 'diamante']).nullable(),
  imagem: z.string().nullable(),
  /** Spec §6 city vigente rule; points and medals only show for a vigente city. */
  vigente: z.boolean(),
});
export type MunicipalityDetail = z.infer<typeof municipalityDetailSchema>;
