/**
 * The permission flags of spec §3. Every flag exists twice: once per user group and once in the
 * system-wide configuration; a non-full-admin user needs both to be true (spec §6).
 * This list is the single source for the database columns, the API schemas and the editing screens.
 * Defaults are exactly the spec's: the ones it lists are true, every other flag is false.
 */
export const FLAG_AREAS = {
  abas: 'Abas do município',
  menus: 'Menus',
  evidencias: 'Evidências',
  territorios: 'Territórios',
  calendario: 'Calendário',
  relatorios: 'Relatórios',
  relatoriosAdm: 'Relatórios administrativos',
  solucoes: 'Soluções',
  termoReferencia: 'Termo de referência',
  dashboard: 'Dashboard',
  sistema: 'Sistema',
} as const;

export type FlagArea = keyof typeof FLAG_AREAS;

type FlagDef = { readonly key: string; readonly area: FlagArea; readonly label: string; readonly default: boolean };

const flag = <K extends string>(key: K, area: FlagArea, label: string, def = false) =>
  ({ key, area, label, default: def }) as const satisfies FlagDef;

export const PERMISSION_FLAGS = [
  // City header tabs (spec §2, "City header tabs").
  flag('verAbaGeral', 'abas', 'Aba Geral'),
  flag('verAbaAcompanhamento', 'abas', 'Aba Acompanhamento'),
  flag('verAbaEvidencia', 'abas', 'Aba Evidências'),
  flag('verAbaTermoReferencia', 'abas', 'Aba Termo de Referência'),
  flag('verAbaGrupo', 'abas', 'Aba Grupos'),
  flag('verAbaEvento', 'abas', 'Aba Agenda/Calendário'),
  flag('verAbaEventoEmLote', 'abas', 'Aba Evento em lote'),
  flag('verAbaRelatorio', 'abas', 'Aba Relatórios'),
  flag('verAbaRelatorioAdministrativo', 'abas', 'Aba Relatórios administrativos'),
  flag('verAbaProposta', 'abas', 'Aba Proposta'),
  flag('verAbaAndamento', 'abas', 'Aba Andamento'),
  flag('verClienteOculto', 'abas', 'Aba Cliente Oculto'),
  flag('verAbaSala', 'abas', 'Aba Sala do Empreendedor'),
  flag('naoVerClienteOculto', 'abas', 'Não ver Cliente Oculto', true),
  flag('naoVerClienteOcultoOuro', 'abas', 'Não ver Cliente Oculto para selo Ouro'),

  // Menu tree (spec §2, "App shell").
  flag('menuGestao', 'menus', 'Menu Gestão'),
  flag('menuGestaoTerritorios', 'menus', 'Gestão de Territórios'),
  flag('menuEducacaoEmpreendedora', 'menus', 'Educação Empreendedora'),
  flag('menuGestaoMunicipios', 'menus', 'Gestão de Municípios'),
  flag('menuEncontros', 'menus', 'Encontros'),
  flag('menuMunicipiosEixos', 'menus', 'Municípios Eixos'),
  flag('menuMunicipiosTemas', 'menus', 'Municípios Temas'),
  flag('menuMeusEncontros', 'menus', 'Meus Encontros'),
  flag('menuGestaoCadastros', 'menus', 'Gestão de Cadastros'),
  flag('menuUnidadesRegionais', 'menus', 'Unidades Regionais'),
  flag('menuContratos', 'menus', 'Contratos'),
  flag('menuTemas', 'menus', 'Temas'),
  flag('menuEixos', 'menus', 'Eixos'),
  flag('menuPacotes', 'menus', 'Pacotes'),
  flag('menuPerguntas', 'menus', 'Perguntas'),
  flag('menuMedalhas', 'menus', 'Medalhas'),
  flag('menuEventos', 'menus', 'Eventos'),
  flag('menuCategorias', 'menus', 'Categorias'),
  flag('menuInstituicao', 'menus', 'Instituição'),
  flag('menuFaixas', 'menus', 'Faixas'),
  flag('menuAdministracao', 'menus', 'Menu Administração'),
  flag('menuConfiguracoes', 'menus', 'Configurações'),
  flag('menuGrupos', 'menus', 'Grupos'),
  flag('menuProjetosSolucoes', 'menus', 'Projetos e Soluções'),
  flag('menuProcessosPagamento', 'menus', 'Processos de pagamentos'),
  flag('menuTipoSolucao', 'menus', 'Tipo Solução'),
  flag('menuMeusProcessosPagamento', 'menus', 'Meus Processos de Pagamentos'),
  flag('menuSalaEmpreendedor', 'menus', 'Sala do Empreendedor'),
  flag('menuUsuarios', 'menus', 'Usuários'),
  flag('menuRelatorios', 'menus', 'Menu Relatórios'),
  flag('menuAnalisarRelatorios', 'menus', 'Analisar Relatórios'),
  flag('verMeusRelatorios', 'menus', 'Meus Relatórios', true),
  flag('menuAnalisarRelatoriosAdmin', 'menus', 'Analisar Relatórios Admin'),
  flag('menuMeusRelatoriosAdmin', 'menus', 'Meus Relatórios Admin'),
  flag('menuDashboard', 'menus', 'Dashboard'),

  // Evidence (spec §3 and §6).
  flag('visualizarRespondidas', 'evidencias', 'Visualizar respondidas'),
  flag('enviarRespondidas', 'evidencias', 'Enviar respondidas'),
  flag('visualizarEvidenciadas', 'evidencias', 'Visualizar evidenciadas'),
  flag('enviarEvidenciadas', 'evidencias', 'Enviar evidenciadas'),
  flag('visualizarRejeitadas', 'evidencias', 'Visualizar rejeitadas'),
  flag('enviarRejeitadas', 'evidencias', 'Enviar rejeitadas'),
  flag('visualizarAprovadas', 'evidencias', 'Visualizar aprovadas'),
  flag('enviarAprovadas', 'evidencias', 'Enviar aprovadas'),
  flag('analisarEvidenciadas', 'evidencias', 'Analisar evidenciadas'),
  flag('analisarAprovadas', 'evidencias', 'Analisar aprovadas'),
  flag('analisarRejeitadas', 'evidencias', 'Analisar rejeitadas'),
  flag('enviaPerguntaId1Selo', 'evidencias', 'Enviar pergunta 1 do selo após o prazo'),
  flag('novoAcompanhamento', 'evidencias', 'Novo acompanhamento'),
  flag('verPontosAcoesAcompanhamento', 'evidencias', 'Ver pontos no acompanhamento'),
  flag('finalizarAcompanhamento', 'evidencias', 'Finalizar acompanhamento'),
  flag('municipiosNaoVigentesRespondemPerguntasNacionais', 'evidencias', 'Municípios não vigentes respondem perguntas nacionais'),

  // Territories.
  flag('carregaMembrosGrupos', 'territorios', 'Carregar membros dos grupos', true),
  flag('verTodasInstituicao', 'territorios', 'Ver todas as instituições'),
  flag('verCampoInstituicaoMembro', 'territorios', 'Ver campo instituição do membro'),
  flag('verTodosMembrosMunicipio', 'territorios', 'Ver todos os membros do município'),

  // Calendar.
  flag('podeCriarEventoSemTarefaCalendario', 'calendario', 'Criar evento sem tarefa', true),
  flag('verDuracaoCalendario', 'calendario', 'Ver duração no calendário', true),

  // Field reports.
  flag('novoRelatorio', 'relatorios', 'Novo relatório'),
  flag('podeAnalisarRelatorio', 'relatorios', 'Analisar relatórios'),
  flag('editaHorasUtilizadas', 'relatorios', 'Editar horas utilizadas'),
  flag('editaHorasUtilizadasQuandoTarefasSemHrPredefinidas', 'relatorios', 'Editar horas quando as tarefas não têm horas predefinidas'),
  flag('verParcialAcaoFinalizada', 'relatorios', 'Ver parcial de ação finalizada'),
  flag('exibirPjAtendida', 'relatorios', 'Exibir empresas atendidas'),
  flag('exibirPfAtendida', 'relatorios', 'Exibir pessoas atendidas'),
  flag('umTarefaValorRelatorio', 'relatorios', 'Uma tarefa por relatório'),

  // Administrative reports.
  flag('ocultarRelatorioAdministrativos', 'relatoriosAdm', 'Ocultar relatórios administrativos'),

  // Solutions and proposals.
  flag('verCustoPreco', 'solucoes', 'Ver custo e preço'),
  flag('verTipoSolucao', 'solucoes', 'Ver tipo de solução'),
  flag('podeAnalisarProposta', 'solucoes', 'Analisar proposta'),
  flag('podeExcluirProposta', 'solucoes', 'Excluir proposta'),
  flag('liberarMaximoEixoMA', 'solucoes', 'Liberar máximo de eixos (MA)'),

  // Terms of reference: every add/edit/delete/import/interrupt flag defaults to true.
  flag('adicionarTermoReferencia', 'termoReferencia', 'Adicionar termo de referência', true),
  flag('editarTermoReferencia', 'termoReferencia', 'Editar termo de referência', true),
  flag('excluirTermoReferencia', 'termoReferencia', 'Excluir termo de referência', true),
  flag('importarTermoReferencia', 'termoReferencia', 'Importar termo de referência', true),
  flag('interromperTermoReferencia', 'termoReferencia', 'Interromper termo de referência', true),

  // Dashboard.
  flag('exibirFiltro', 'dashboard', 'Exibir filtro', true),
  flag('verEvolucaoMunicipio', 'dashboard', 'Ver evolução do município', true),

  // System.
  flag('verTodosEixos', 'sistema', 'Ver todos os eixos'),
  flag('visualizaMunicipio', 'sistema', 'Visualizar todos os municípios'),
  flag('salvarMunicipio', 'sistema', 'Salvar município', true),
  flag('visualizarLogo', 'sistema', 'Visualizar logo', true),
  flag('visualizarPontosMedalha', 'sistema', 'Visualizar pontos e medalhas', true),
] as const;

export type FlagKey = (typeof PERMISSION_FLAGS)[number]['key'];
export type FlagSet = Record<FlagKey, boolean>;

export const FLAG_KEYS: readonly FlagKey[] = PERMISSION_FLAGS.map((f) => f.key);

export function defaultFlags(): FlagSet {
  return Object.fromEntries(PERMISSION_FLAGS.map((f) => [f.key, f.default])) as FlagSet;
}

/** Every flag true: what the built-in full administrator effectively has. */
export function allFlags(): FlagSet {
  return Object.fromEntries(PERMISSION_FLAGS.map((f) => [f.key, true])) as FlagSet;
}
