import { currentVariant } from '../../../session/variant.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';

/**
 * The report screens' words that change with the mode: the meeting is an Agenda in AT (spec §5
 * "A agenda deve estar preenchido"), and the tasks tab reads Iniciativas there (spec §2 "Tasks or
 * Initiatives"), Atividades in Gov, Tarefas elsewhere.
 */
export function useReportWords() {
  const words = currentVocabulary();
  const { variant } = currentVariant();
  const meeting = words.meeting;
  const article = meeting.gender === 'f' ? 'a' : 'o';
  const tasksLabel = variant.mode.isAT ? 'Iniciativas' : words.task.plural;
  const taskNoun = variant.mode.isAT ? 'Iniciativa' : words.task.singular;
  const meetingWord = meeting.singular.toLowerCase();
  return {
    meeting,
    tasksLabel,
    taskNoun,
    taskTexts: {
      chooseMeeting: `Escolha ${article} ${meetingWord} para ver as ${tasksLabel.toLowerCase()}.`,
      noTasks: `Nenhuma ${taskNoun.toLowerCase()} ${meeting.gender === 'f' ? 'nesta' : 'neste'} ${meetingWord}.`,
    },
    meetingsUnavailable: `Não foi possível carregar ${article}s ${meeting.plural.toLowerCase()}. Com conexão, tente de novo; sem conexão, use "Disponível offline" no município antes.`,
  };
}
