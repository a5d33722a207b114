import type { ActionPlan } from '../../domain/followups.ts';
import { formatDate } from '../../domain/format.ts';
import { emptyText, type Vocabulary } from '../../domain/vocabulary.ts';

/** What the action plan screen and its PDF share: the themes listed, their words and labels. */

/** The words of the plan that change with the variant (Eixo/Pilar, Soluções/Iniciativas/Fases, Tarefas/Atividades). */
export type ActionPlanWords = {
  axis: string;
  solutionsAndTasks: string;
  noSolutions: string;
};

export function actionPlanWords(words: Pick<Vocabulary, 'axis' | 'solution' | 'task'>): ActionPlanWords {
  return {
    axis: words.axis.singular,
    solutionsAndTasks: `${words.solution.plural} e ${words.task.plural}`,
    noSolutions: emptyText(words.solution),
  };
}

export const NO_NAO_ANSWERS = 'Nenhuma pergunta respondida com Não nos acompanhamentos selecionados.';

export type PlanTheme = ActionPlan['temas'][number];

/** The themes that have a question answered Não, their questions by number: what the screen and the PDF list. */
export function themesWithNaoAnswers(plan: ActionPlan): PlanTheme[] {
  return plan.temas
    .filter((tema) => tema.perguntas.length > 0)
    .map((tema) => ({ ...tema, perguntas: [...tema.perguntas].sort((a, b) => a.numero - b.numero) }));
}

/** "4 h", "1,5 h". */
export function formatHours(horas: number): string {
  return `${horas.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} h`;
}

/** "Acompanhamento A (01/03/2026)". */
export function followupLabel(followup: ActionPlan['acompanhamentos'][number]): string {
  const day = formatDate(followup.criacao);
  return day ? `${followup.nome} (${day})` : followup.nome;
}
