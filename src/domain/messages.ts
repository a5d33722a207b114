/**
 * The texts of spec §8 (notifications and empty lists), written once so screens never retype them.
 * The spec writes them in unaccented ASCII; they keep its wording, in correct Portuguese
 * ("Relatorio salvo com sucesso" reads "Relatório salvo com sucesso"). Where the spec gives one text per mode ("Iniciativas/Solucoes") each mode
 * has its own entry; the screen picks the one of the current vocabulary.
 */

/** Error notifications (spec §8). */
export const ERROR_MESSAGES = {
  getReports: 'Erro ao obter relatórios',
  saveReport: 'Erro ao salvar relatório',
  getAdminReports: 'Erro ao obter relatórios administrativos',
  getMembers: 'Erro ao obter membros',
  getQuestions: 'Erro ao obter perguntas',
  getQuestion: 'Erro ao obter pergunta',
  saveEvidence: 'Erro ao salvar evidência',
  saveQuestion: 'Erro ao salvar Pergunta',
  removeQuestion: 'Erro ao salvar remover questão',
  getEvidence: 'Erro ao obter evidência',
  deleteFile: 'Erro ao obter deletar arquivo',
  getScoreRanges: 'Erro ao obter faixas',
  /** The spec writes both capitalisations; screens listing themes as a register use this one. */
  getThemes: 'Erro ao obter Temas',
  getThemesLower: 'Erro ao obter temas',
  uploadExcel: 'Erro ao enviar o arquivo excel',
  revertAnalysis: 'Erro em reverter análise',
  evaluateEvidence: 'Erro ao avaliar evidência',
  updateEvidence: 'Erro ao atualizar evidência',
  getContracts: 'Erro ao obter Contratos',
  listProjects: 'Erro ao listar projetos',
  createPaymentProcess: 'Erro ao inserir processo de pagamento',
  listSolutions: 'Erro ao listar Soluções',
  listInitiatives: 'Erro ao listar Iniciativas',
  getSolutions: 'Erro ao obter soluções',
  getInitiatives: 'Erro ao obter iniciativas',
  listAxes: 'Erro ao listar eixos',
  getAxes: 'Erro ao obter Eixos',
  addTasks: 'Erro ao incluir tarefas',
  addActivities: 'Erro ao incluir atividades',
  getTasks: 'Erro ao obter tarefas',
  getActivities: 'Erro ao obter atividades',
  getNewFollowUp: 'Erro ao obter novo acompanhamento',
  /** The server answered with id 0 instead of the new follow-up. */
  createFollowUpFailed: 'Algo de errado aconteceu ao criar um novo acompanhamento',
  getFollowUps: 'Erro ao obter acompanhamentos',
  getEnabledAxes: 'Erro ao obter eixos habilitados',
  generateClosingFollowUp: 'Erro ao gerar acompanhamento de finalização',
  finalizeFollowUp: 'Erro ao finalizar acompanhamento',
  addSolutionGroup: 'Erro ao incluir grupo solução',
  addSolutionGroupTitled: 'Erro ao incluir Grupo de Solução',
  addInitiativeGroup: 'Erro ao incluir Grupo de Iniciativa',
  addPhaseGroup: 'Erro ao incluir Grupo de Fase',
  listInitiativeGroups: 'Erro ao listar Grupo de Iniciativa',
  listSolutionGroups: 'Erro ao listar Grupo de Solução',
  getUsers: 'Erro ao obter usuários',
  getAnalysts: 'Erro ao obter Analistas',
  getAds: 'Erro ao obter ADs',
  /** An alert at start-up, not a toast. */
  initialize: 'Erro ao inicializar',
  /** Spec §8: a failed member save always shows this, whatever the cause. */
  saveMember: 'O telefone já cadastrado',
} as const;

/** Success notifications (spec §8). */
export const SUCCESS_MESSAGES = {
  reportSaved: 'Relatório salvo com sucesso',
  evidenceSaved: 'Evidência salva com sucesso',
  evidenceSentToAnalysis: 'Evidência enviada para análise',
  evidenceFinalized: 'Evidência finalizada com sucesso',
  evidenceEvaluated: 'Evidência avaliada com sucesso!',
  evidenceUpdated: 'Evidência atualizada com sucesso!',
  tasksAdded: 'Tarefas incluídas com sucesso',
  activitiesAdded: 'Atividades incluídas com sucesso',
  solutionAdded: 'Solução incluída com sucesso',
  /** The spec only says "group included"; worded like its sibling "Solução incluída com sucesso". */
  solutionGroupAdded: 'Grupo de Solução incluído com sucesso',
} as const;

/** Empty-list texts (spec §8), plus the combos' lists in the same "Nenhum ... retornado" pattern. */
export const EMPTY_MESSAGES = {
  followUps: 'Nenhum acompanhamento retornado',
  themes: 'Nenhum Tema retornado',
  municipalities: 'Nenhum Município retornado',
  institutions: 'Nenhuma Instituição retornada',
  regionalUnits: 'Nenhuma UR retornada',
  axes: 'Nenhum Eixo retornado',
  questions: 'Nenhuma pergunta retornada',
  evidences: 'Nenhuma evidência retornada',
  // Not listed in §8 but named after its "Nenhum ... retornado" rule, for the shared combos (§2).
  groups: 'Nenhum Grupo retornado',
  members: 'Nenhum Membro retornado',
  projects: 'Nenhum Projeto retornado',
  statuses: 'Nenhum Status retornado',
  solutionTypes: 'Nenhum Tipo de Solução retornado',
  scoreRanges: 'Nenhuma Faixa retornada',
  solutions: 'Nenhuma Solução retornada',
  categories: 'Nenhuma Categoria retornada',
} as const;

/** Spec §5: the message of a required combo left empty (theme, score range). */
export const REQUIRED_FIELD = 'Campo Obrigatório';

// The confirmations' texts (spec §5) are in confirm-messages.ts: list screens import them
// statically, and this module is loaded on demand by the notifications (src/lib/notify.ts), so a
// list that imported one text from here downloaded every notification text with it (issue 32).

export type ErrorMessageKey = keyof typeof ERROR_MESSAGES;
export type SuccessMessageKey = keyof typeof SUCCESS_MESSAGES;
export type EmptyMessageKey = keyof typeof EMPTY_MESSAGES;
