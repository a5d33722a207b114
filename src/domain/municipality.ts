import { z } from 'zod';
import { normalizeForSearch } from './text.ts';

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

export type VigenciaFields = Pick<MunicipalityListItem, 'tipo' | 'statusContratoNome' | 'statusRelacionamento' | 'statusParticipacao'>;

/**
 * Spec §6 "city vigente rule". Points and medals only count for a vigente city. RJ runs a stricter
 * programme: only a full Cidade Empreendedora contract in a vigente relationship counts, and rooms never do;
 * elsewhere a participating seal room is vigente even without a contract relationship.
 * `uf` is the state of the programme, which is the municipality's own state.
 */
export function isMunicipalityVigente(m: VigenciaFields, uf: string): boolean {
  const relationshipVigente = m.statusRelacionamento === RELATIONSHIP_STATUS.vigente;
  if (uf.trim().toUpperCase() === 'RJ') {
    const contract = normalizeForSearch((m.statusContratoNome ?? '').trim());
    return contract === 'cidade empreendedora' && m.tipo !== 'sala' && relationshipVigente;
  }
  return (m.tipo === 'sala' && m.statusParticipacao === PARTICIPATION_STATUS.participante) || relationshipVigente;
}
