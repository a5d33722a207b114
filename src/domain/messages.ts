/**
 * The texts of spec §8 (notifications and empty lists), written once so screens never retype them.
 * They are kept exactly as the spec writes them, unaccented, because users and tests look for
 * those literal texts. Where the spec gives one text per mode ("Iniciativas/Solucoes") each mode
 * has its own entry; the screen picks the one of the current vocabulary.
 */

/** Error notifications (spec §8). */
export const ERROR_MESSAGES = {
  getReports: 'Erro ao obter relatorios',
  saveReport: 'Erro ao salvar relatorio',
  getAdminReports: 'Erro ao obter relatorios administrativos',
  getMembers: 'Erro ao obter membros',
  getQuestions: 'Erro ao obter perguntas',
  getQuestion: 'Erro ao obter pergunta',
  saveEvidence: 'Erro ao salvar evidencia',
  saveQuestion: 'Erro ao salvar Pergunta',
  removeQuestion: 'Erro ao salvar remover questao',
  getEvidence: 'Erro ao obter evidencia',
  deleteFile: 'Erro ao obter deletar arquivo',
  getScoreRanges: 'Erro ao obter faixas',
  /** The spec writes both capitalisations; screens listing themes as a register use this one. */
  getThemes: 'Erro ao obter Temas',
  getThemesLower: 'Erro ao obter temas',
  uploadExcel: 'Erro ao enviar o arquivo excel',
  revertAnalysis: 'Erro em reverter analise',
  evaluateEvidence: 'Erro ao avaliar evidencia',
  updateEvidence: 'Erro ao atualizar evidencia',
  getContracts: 'Erro ao obter Contratos',
  listProjects: 'Erro ao listar projetos',
  createPaymentProcess: 'Erro ao inserir processo de pagamento',
  listSolutions: 'Erro ao listar Solucoes',
  listInitiatives: 'Erro ao listar Iniciativas',
  getSolutions: 'Erro ao obter solucoes',
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
  generateClosingFollowUp: 'Erro ao gerar acompanhamento de finalizacao',
  finalizeFollowUp: 'Erro ao finalizar acompanhamento',
  addSolutionGroup: 'Erro ao incluir grupo solucao',
  addSolutionGroupTitled: 'Erro ao incluir Grupo de Solucao',
  addInitiativeGroup: 'Erro ao incluir Grupo de Iniciativa',
  addPhaseGroup: 'Erro ao incluir Grupo de Fase',
  listInitiativeGroups: 'Erro ao listar Grupo de Iniciativa',
  listSolutionGroups: 'Erro ao listar Grupo de Solucao',
  getUsers: 'Erro ao obter usuarios',
  getAnalysts: 'Erro ao obter Analistas',
  getAds: 'Erro ao obter ADs',
  /** An alert at start-up, not a toast. */
  initialize: 'Erro ao inicializar',
  /** Spec §8: a failed member save always shows this, whatever the cause. */
  saveMember: 'O telefone ja cadastrado',
} as const;

/** Success notifications (spec §8). */
export const SUCCESS_MESSAGES = {
  reportSaved: 'Relatorio salvo com sucesso',
  evidenceSaved: 'Evidencia salva com sucesso',
  evidenceSentToAnalysis: 'Evidencia enviada para analise',
  evidenceFinalized: 'Evidencia finalizada com sucesso',
  evidenceEvaluated: 'Evidencia avaliada com sucesso!',
  evidenceUpdated: 'Evidencia atualizada com sucesso!',
  tasksAdded: 'Tarefas incluidas com sucesso',
  activitiesAdded: 'Atividades incluidas com sucesso',
  solutionAdded: 'Solucao incluida com sucesso',
  /** The spec only says "group included"; worded like its sibling "Solucao incluida com sucesso". */
  solutionGroupAdded: 'Grupo de Solucao incluido com sucesso',
} as const;

/** Empty-list texts (spec §8), plus the combos' lists in the same "Nenhum ... retornado" pattern. */
export const EMPTY_MESSAGES = {
  followUps: 'Nenhum acompanhamento retornado',
  themes: 'Nenhum Tema retornado',
  municipalities: 'Nenhum Municipio retornado',
  institutions: 'Nenhuma Instituicao retornada',
  regionalUnits: 'Nenhuma UR retornada',
  axes: 'Nenhum Eixo retornado',
  questions: 'Nenhuma pergunta retornada',
  evidences: 'Nenhuma evidencia retornada',
  // Not listed in §8 but named after its "Nenhum ... retornado" rule, for the shared combos (§2).
  groups: 'Nenhum Grupo retornado',
  members: 'Nenhum Membro retornado',
  projects: 'Nenhum Projeto retornado',
  statuses: 'Nenhum Status retornado',
  solutionTypes: 'Nenhum Tipo de Solucao retornado',
  scoreRanges: 'Nenhuma Faixa retornada',
  solutions: 'Nenhuma Solucao retornada',
  categories: 'Nenhuma Categoria retornada',
} as const;

/** Spec §5: the message of a required combo left empty (theme, score range). */
export const REQUIRED_FIELD = 'Campo Obrigatorio';

/** Texts of the confirmations of spec §5 ("Other rules"). */
export const CONFIRM_MESSAGES = {
  deleteEvidenceTitle: 'Excluir evidencia',
  deleteEvidence: 'Confirma que deseja deletar a evidencia?',
  deleteSolutionGroup: 'Confirma que deseja deletar o Grupo de Solucao?',
  // The spec only says the dialog warns it cannot be undone; this wording is ours.
  irreversible: 'Esta ação não poderá ser desfeita.',
  yes: 'Sim',
  no: 'Não',
} as const;

export type ErrorMessageKey = keyof typeof ERROR_MESSAGES;
export type SuccessMessageKey = keyof typeof SUCCESS_MESSAGES;
export type EmptyMessageKey = keyof typeof EMPTY_MESSAGES;
