import { CONFIRM_MESSAGES } from '../../domain/confirm-messages.ts';
import { groupCreateErrorMessage, SOLUTION_MESSAGES } from '../../domain/solutions.ts';
import type { Term, Vocabulary } from '../../domain/vocabulary.ts';

/**
 * The catalogue screens' texts in the variant's words. The spec gives the default ones (§8
 * "Solucao incluida com sucesso", §5 "Confirma que deseja deletar o Grupo de Solucao?"); AT and Gov
 * say the same of an Iniciativa or a Fase, as groupCreateErrorMessage already does for §8's error.
 */
export type CatalogueWording = {
  groupSingular: string;
  groupCreated: string;
  groupUpdated: string;
  groupCreateError: string;
  groupDeleteQuestion: string;
  solutionCreated: string;
  solutionUpdated: string;
  taskCreated: string;
  taskUpdated: string;
  evidenceCreated: string;
  evidenceUpdated: string;
  /** Shown when the server disabled a record it could not delete (brought into a municipality, or holding records). */
  disabledInstead: (noun: Pick<Term, 'singular' | 'gender'>) => string;
  /** Follows the delete question: what happens to a record in use. */
  deleteWarning: (noun: Pick<Term, 'gender'>) => string;
  reenabled: (noun: Pick<Term, 'singular' | 'gender'>) => string;
};

const GROUP_SINGULAR = { default: 'Grupo de Solução', at: 'Grupo de Iniciativa', gov: 'Grupo de Fase' } as const;

/** "incluída", "incluído": the participle agrees with the noun. */
const agree = (noun: Pick<Term, 'gender'>, stem: string) => `${stem}${noun.gender === 'f' ? 'a' : 'o'}`;

export function catalogueWording(words: Pick<Vocabulary, 'mode' | 'solution' | 'task'>): CatalogueWording {
  const group = words.mode === 'at' || words.mode === 'gov' ? GROUP_SINGULAR[words.mode] : GROUP_SINGULAR.default;
  const created = (noun: Pick<Term, 'singular' | 'gender'>) => `${noun.singular} ${agree(noun, 'incluíd')} com sucesso`;
  const updated = (noun: Pick<Term, 'singular' | 'gender'>) => `${noun.singular} ${agree(noun, 'atualizad')} com sucesso`;
  const groupTerm = { singular: group, gender: 'm' as const };
  const evidence = { singular: 'Evidência', gender: 'f' as const };
  return {
    groupSingular: group,
    groupCreated: words.mode === 'default' ? SOLUTION_MESSAGES.groupCreated : created(groupTerm),
    groupUpdated: updated(groupTerm),
    groupCreateError: groupCreateErrorMessage(words.mode),
    groupDeleteQuestion: words.mode === 'default' ? CONFIRM_MESSAGES.deleteSolutionGroup : `Confirma que deseja deletar o ${group}?`,
    solutionCreated: words.mode === 'default' ? SOLUTION_MESSAGES.solutionCreated : created(words.solution),
    solutionUpdated: updated(words.solution),
    taskCreated: created(words.task),
    taskUpdated: updated(words.task),
    evidenceCreated: created(evidence),
    evidenceUpdated: updated(evidence),
    disabledInstead: (noun) => `${noun.singular} ${agree(noun, 'desabilitad')} em vez de ${agree(noun, 'excluíd')}: já está em uso.`,
    deleteWarning: (noun) =>
      `Se já estiver em uso (em um município ou por registros abaixo del${noun.gender === 'f' ? 'a' : 'e'}), será ${agree(noun, 'desabilitad')} em vez de ${agree(noun, 'excluíd')}.`,
    reenabled: (noun) => `${noun.singular} ${agree(noun, 'reabilitad')} com sucesso`,
  };
}
