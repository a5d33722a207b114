import type { ModeFlags, Variant } from './variants.ts';

/**
 * The words that change with the variant (spec §1 "Vocabulary by mode" and the labels §2 and §3
 * name per mode). The per-mode table holds only the base terms; every screen label is derived from
 * them, so a renamed concept is renamed everywhere at once.
 */

export type VocabularyMode = 'default' | 'at' | 'gov' | 'sala' | 'parceiro';

export type Gender = 'm' | 'f';

export type Term = { singular: string; plural: string; gender: Gender };

const term = (singular: string, plural: string, gender: Gender): Term => ({ singular, plural, gender });

type Concepts = {
  solution: Term;
  solutionGroup: Term;
  task: Term;
  /** What the assessment's yes/no items are called: perguntas, or critérios in the Sala. */
  question: Term;
  municipality: Term;
  axis: Term;
  meeting: Term;
  /** The programme a municipality belongs to (projetoId); Gov already calls the municipality a Projeto, so it names this one Programa. */
  project: Term;
};

const DEFAULT_CONCEPTS: Concepts = {
  solution: term('Solução', 'Soluções', 'f'),
  solutionGroup: term('Grupo de Soluções', 'Grupos de Soluções', 'm'),
  task: term('Tarefa', 'Tarefas', 'f'),
  question: term('Pergunta', 'Perguntas', 'f'),
  municipality: term('Município', 'Municípios', 'm'),
  axis: term('Eixo', 'Eixos', 'm'),
  meeting: term('Encontro', 'Encontros', 'm'),
  project: term('Projeto', 'Projetos', 'm'),
};

/** Spec §1's table: a dash there means the default word, so only the differences are listed. */
const MODE_CONCEPTS: Record<VocabularyMode, Partial<Concepts>> = {
  default: {},
  at: {
    solution: term('Iniciativa', 'Iniciativas', 'f'),
    solutionGroup: term('Grupo de Iniciativas', 'Grupos de Iniciativas', 'm'),
    task: term('Atividade', 'Atividades', 'f'),
    meeting: term('Agenda', 'Agendas', 'f'),
  },
  gov: {
    solution: term('Fase', 'Fases', 'f'),
    solutionGroup: term('Grupo de Fases', 'Grupos de Fases', 'm'),
    task: term('Atividade', 'Atividades', 'f'),
    municipality: term('Projeto', 'Projetos', 'm'),
    project: term('Programa', 'Programas', 'm'),
  },
  sala: {
    question: term('Critério', 'Critérios', 'm'),
    municipality: term('Sala', 'Salas', 'f'),
    axis: term('Pilar', 'Pilares', 'm'),
  },
  parceiro: {
    municipality: term('Parceiro', 'Parceiros', 'm'),
  },
};

/** Labels of the city header tabs (spec §2). */
export type CityTabLabels = {
  geral: string;
  acompanhamento: string;
  evidencia: string;
  termoReferencia: string;
  grupo: string;
  evento: string;
  eventoEmLote: string;
  relatorio: string;
  relatorioAdministrativo: string;
  proposta: string;
  andamento: string;
  clienteOculto: string;
  sala: string;
};

/** Menu labels that carry a renamed concept (spec §2 "Variants rename menu labels"). */
export type MenuLabels = {
  gestaoMunicipios: string;
  encontros: string;
  meusEncontros: string;
  municipiosEixos: string;
  municipiosTemas: string;
  eixos: string;
  perguntas: string;
  projetosSolucoes: string;
  tipoSolucao: string;
};

export type Vocabulary = Concepts & {
  mode: VocabularyMode;
  cityTabs: CityTabLabels;
  menu: MenuLabels;
  /** Solution-management breadcrumbs (spec §2 "Solution management"). */
  breadcrumbs: { solutionGroups: string; solutions: string; tasks: string; evidences: string };
  /** Empty-list texts, "Nenhum ... retornado" (spec §8). */
  empty: {
    municipalities: string;
    solutions: string;
    solutionGroups: string;
    tasks: string;
    questions: string;
    axes: string;
    meetings: string;
    themes: string;
    followUps: string;
    evidences: string;
    institutions: string;
    regionalUnits: string;
  };
  /** Shown for a task whose solution is disabled (spec §4). */
  solutionDisabled: string;
};

export function vocabularyMode(mode: Pick<ModeFlags, 'isAT' | 'isGov' | 'isSala' | 'isParceiro'>): VocabularyMode {
  if (mode.isAT) return 'at';
  if (mode.isGov) return 'gov';
  if (mode.isSala) return 'sala';
  if (mode.isParceiro) return 'parceiro';
  return 'default';
}

/** "Nenhum Município retornado", "Nenhuma Sala retornada": article and participle agree with the noun. */
export function emptyText(noun: Pick<Term, 'singular' | 'gender'>): string {
  return noun.gender === 'f' ? `Nenhuma ${noun.singular} retornada` : `Nenhum ${noun.singular} retornado`;
}

/** "Meus Encontros", "Minhas Agendas". */
function mine(noun: Term): string {
  return `${noun.gender === 'f' ? 'Minhas' : 'Meus'} ${noun.plural}`;
}

function build(mode: VocabularyMode): Vocabulary {
  const c: Concepts = { ...DEFAULT_CONCEPTS, ...MODE_CONCEPTS[mode] };

  return {
    ...c,
    mode,
    cityTabs: {
      geral: 'Geral',
      acompanhamento: 'Acompanhamento',
      evidencia: 'Evidências',
      termoReferencia: mode === 'gov' ? 'Fases/Atividades' : 'Termo de Referência',
      grupo: mode === 'at' ? 'Grupos/Iniciativas' : mode === 'gov' ? 'Etapas/Grupos' : 'Grupos',
      evento: mode === 'at' ? 'Agenda' : 'Calendário',
      eventoEmLote: 'Eventos em Lote',
      relatorio: 'Relatórios',
      relatorioAdministrativo: 'Relatórios Administrativos',
      proposta: 'Proposta',
      andamento: 'Andamento',
      clienteOculto: 'Cliente Oculto',
      sala: 'Sala do Empreendedor',
    },
    menu: {
      gestaoMunicipios: `Gestão de ${c.municipality.plural}`,
      encontros: c.meeting.plural,
      meusEncontros: mine(c.meeting),
      municipiosEixos: `${c.municipality.plural} ${c.axis.plural}`,
      municipiosTemas: `${c.municipality.plural} Temas`,
      eixos: c.axis.plural,
      perguntas: c.question.plural,
      projetosSolucoes: `Projetos e ${c.solution.plural}`,
      tipoSolucao: `Tipo ${c.solution.singular}`,
    },
    // Spec §2 writes "Iniciativas/Atividades in AT and Gov"; issue 16 settles Gov on its own word, Fases
    // (Atividades for both), so the trail says what every other Gov screen calls a solution.
    breadcrumbs: {
      solutionGroups: c.solutionGroup.plural,
      solutions: c.solution.plural,
      tasks: c.task.plural,
      evidences: 'Evidências',
    },
    empty: {
      // Spec §8's "Nenhum Municipio retornado", accented; the renamed modes follow the same pattern.
      municipalities: emptyText(c.municipality),
      solutions: emptyText(c.solution),
      solutionGroups: emptyText(c.solutionGroup),
      tasks: emptyText(c.task),
      // Spec §2 writes the default one in lowercase: "Nenhuma pergunta retornada".
      questions: emptyText(mode === 'sala' ? c.question : { singular: 'pergunta', gender: 'f' }),
      axes: emptyText(c.axis),
      meetings: emptyText(c.meeting),
      themes: emptyText({ singular: 'Tema', gender: 'm' }),
      followUps: emptyText({ singular: 'acompanhamento', gender: 'm' }),
      evidences: emptyText({ singular: 'evidência', gender: 'f' }),
      institutions: emptyText({ singular: 'Instituição', gender: 'f' }),
      regionalUnits: emptyText({ singular: 'UR', gender: 'f' }),
    },
    solutionDisabled: `${c.solution.singular} Desabilitad${c.solution.gender === 'f' ? 'a' : 'o'}`,
  };
}

function deepFreeze<T extends object>(value: T): Readonly<T> {
  for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) deepFreeze(child);
  return Object.freeze(value);
}

// Built once and frozen: every caller shares the same objects, so none may alter them for the others.
const BY_MODE: Record<VocabularyMode, Readonly<Vocabulary>> = {
  default: deepFreeze(build('default')),
  at: deepFreeze(build('at')),
  gov: deepFreeze(build('gov')),
  sala: deepFreeze(build('sala')),
  parceiro: deepFreeze(build('parceiro')),
};

/** The labels of a variant. */
export function vocabulary(variant: Pick<Variant, 'mode'>): Readonly<Vocabulary> {
  return BY_MODE[vocabularyMode(variant.mode)];
}

export function vocabularyFor(mode: VocabularyMode): Readonly<Vocabulary> {
  return BY_MODE[mode];
}
