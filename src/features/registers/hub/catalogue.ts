import type { FlagKey } from '../../../domain/permission-flags.ts';
import type { Vocabulary } from '../../../domain/vocabulary.ts';

/**
 * Every register screen, for /rotas (the spec names the path without describing it: this app
 * makes it the index of the registers, README "Registers"). Those the spec's menu tree lists are
 * reachable from the menu too; the others (statuses, brackets, job roles, actors, axis groups) only
 * from here and from each register's breadcrumb.
 */
export type RegisterLink = { path: string; title: (words: Vocabulary) => string; flag: FlagKey; section: 'menu' | 'other' };

const fixed = (text: string) => () => text;

export const REGISTER_LINKS: readonly RegisterLink[] = [
  { path: '/eixos', title: (w) => w.axis.plural, flag: 'menuEixos', section: 'menu' },
  { path: '/tema', title: fixed('Temas'), flag: 'menuTemas', section: 'menu' },
  { path: '/pergunta', title: (w) => w.question.plural, flag: 'menuPerguntas', section: 'menu' },
  { path: '/pacote', title: fixed('Pacotes'), flag: 'menuPacotes', section: 'menu' },
  { path: '/medalha', title: fixed('Medalhas'), flag: 'menuMedalhas', section: 'menu' },
  { path: '/faixas', title: fixed('Faixas'), flag: 'menuFaixas', section: 'menu' },
  { path: '/instituicao', title: fixed('Instituição'), flag: 'menuInstituicao', section: 'menu' },
  { path: '/ur', title: fixed('Unidades Regionais'), flag: 'menuUnidadesRegionais', section: 'menu' },
  { path: '/categorias', title: fixed('Categorias'), flag: 'menuCategorias', section: 'menu' },
  { path: '/contratos', title: fixed('Contratos'), flag: 'menuContratos', section: 'menu' },
  { path: '/municipio-escola', title: fixed('Educação Empreendedora'), flag: 'menuEducacaoEmpreendedora', section: 'menu' },
  { path: '/municipioEixo', title: (w) => w.menu.municipiosEixos, flag: 'menuMunicipiosEixos', section: 'menu' },
  { path: '/municipioTemasHabilitados', title: (w) => w.menu.municipiosTemas, flag: 'menuMunicipiosTemas', section: 'menu' },
  { path: '/tipoSolucao', title: (w) => w.menu.tipoSolucao, flag: 'menuTipoSolucao', section: 'menu' },
  { path: '/eixosGrupo', title: (w) => `Grupos de ${w.axis.plural}`, flag: 'menuEixos', section: 'other' },
  { path: '/status', title: fixed('Status'), flag: 'menuGestaoCadastros', section: 'other' },
  { path: '/status-contrato', title: fixed('Status de Contrato'), flag: 'menuGestaoCadastros', section: 'other' },
  { path: '/municipio-faixas', title: fixed('Faixas de População'), flag: 'menuGestaoCadastros', section: 'other' },
  { path: '/solucoes-faixas', title: fixed('Faixas de Preço de Soluções'), flag: 'menuGestaoCadastros', section: 'other' },
  { path: '/cargos-funcoes', title: fixed('Cargos e Funções'), flag: 'menuUsuarios', section: 'other' },
  { path: '/atores', title: fixed('Atores'), flag: 'menuGestaoCadastros', section: 'other' },
];
