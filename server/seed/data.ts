import { allFlags, defaultFlags, type FlagKey, type FlagSet } from '../../src/domain/permission-flags.ts';
import { PARTICIPATION_STATUS, PROGRAMME_TYPE, RELATIONSHIP_STATUS } from '../../src/domain/municipality.ts';
import type { PermissionRole } from '../db/schema/index.ts';
import { FIRST_ACCESS_EMAIL } from './demo-accounts.ts';

/**
 * Every date in the demo is relative to this day, never to `new Date()`, so a re-run finds the
 * same meetings and deadlines it created the first time.
 */
export const BASE_DATE = '2026-11-16';

export const STATUS_BY_RELATIONSHIP: Record<number, string> = {
  [RELATIONSHIP_STATUS.vigente]: 'Vigente',
  [RELATIONSHIP_STATUS.negociacao]: 'Em negociação',
  [RELATIONSHIP_STATUS.encerrado]: 'Encerrado',
  [RELATIONSHIP_STATUS.semRelacionamento]: 'Sem relacionamento',
};

export const CONTRACT_STATUSES = ['Cidade Empreendedora', 'Cidade Empreendedora Básica', 'Sala do Empreendedor', 'Encerrado'];

export const MUNICIPALITY_GROUPS = ['Comitê Gestor', 'Conselho Municipal de Desenvolvimento', 'Agentes de Desenvolvimento'];

export type MunicipalitySeed = {
  nome: string;
  codigoIbge: string;
  ddd: string;
  tipo: 'municipio' | 'sala' | 'parceiro';
  statusRelacionamento: number;
  statusParticipacao: number;
  tipoPrograma: number;
  statusContrato: string | null;
  selo: 'bronze' | 'prata' | 'ouro' | null;
  pontos: number;
  medalha: 'bronze' | 'prata' | 'ouro' | null;
  /** Non-national axes this municipality works on; national axes apply to every municipality. */
  eixos: string[];
  membros: number;
};

type Person = { nome: string; feminino: boolean };

export type TenantSeed = {
  id: string;
  nome: string;
  uf: string;
  ddd: string;
  /** The 9th CPF digit is the issuing fiscal region: 9 for SC/PR, 1 for DF/GO/MS/MT/TO. */
  cpfRegion: string;
  projeto: { nome: string; descricao: string };
  /**
   * Fixed order, because roles are assigned by position: 0 and 1 vigente, 2 em negociação,
   * 3 the seal room (sala), 4 sem relacionamento, 5 encerrado, 6 the partner (parceiro).
   */
  municipios: MunicipalitySeed[];
  demoNames: Record<DemoKey, string>;
  extraUsers: (UserSeed & { nome: string })[];
  firstNames: Person[];
  surnames: string[];
};

const { vigente, negociacao, encerrado, semRelacionamento } = RELATIONSHIP_STATUS;
const { participante, naoParticipante } = PARTICIPATION_STATUS;
const { cidadeEmpreendedora, cidadeEmpreendedoraBasica } = PROGRAMME_TYPE;

/**
 * What a municipality is in the demo goes by its position (see TenantSeed.municipios), the same in
 * every tenant, so each state's demo tells the same story; a tenant names only its places and scores.
 */
type MunicipalityRole = Omit<MunicipalitySeed, 'nome' | 'codigoIbge' | 'ddd' | 'pontos'>;

const MUNICIPALITY_ROLES: MunicipalityRole[] = [
  {
    tipo: 'municipio',
    statusRelacionamento: vigente,
    statusParticipacao: participante,
    tipoPrograma: cidadeEmpreendedora,
    statusContrato: 'Cidade Empreendedora',
    selo: 'ouro',
    medalha: 'ouro',
    eixos: ['Empreendedorismo na Escola', 'Turismo'],
    membros: 8,
  },
  {
    tipo: 'municipio',
    statusRelacionamento: vigente,
    statusParticipacao: participante,
    tipoPrograma: cidadeEmpreendedora,
    statusContrato: 'Cidade Empreendedora',
    selo: null,
    medalha: 'prata',
    eixos: ['Empreendedorismo na Escola'],
    membros: 7,
  },
  {
    tipo: 'municipio',
    statusRelacionamento: negociacao,
    statusParticipacao: naoParticipante,
    tipoPrograma: cidadeEmpreendedoraBasica,
    statusContrato: 'Cidade Empreendedora Básica',
    selo: null,
    medalha: null,
    eixos: [],
    membros: 5,
  },
  {
    tipo: 'sala',
    statusRelacionamento: vigente,
    statusParticipacao: participante,
    tipoPrograma: cidadeEmpreendedora,
    statusContrato: 'Sala do Empreendedor',
    selo: 'prata',
    medalha: 'bronze',
    eixos: [],
    membros: 7,
  },
  {
    tipo: 'municipio',
    statusRelacionamento: semRelacionamento,
    statusParticipacao: naoParticipante,
    tipoPrograma: cidadeEmpreendedoraBasica,
    statusContrato: null,
    selo: null,
    medalha: null,
    eixos: [],
    membros: 4,
  },
  {
    tipo: 'municipio',
    statusRelacionamento: encerrado,
    statusParticipacao: encerrado,
    tipoPrograma: cidadeEmpreendedora,
    statusContrato: 'Encerrado',
    selo: 'bronze',
    medalha: 'bronze',
    eixos: [],
    membros: 4,
  },
  {
    tipo: 'parceiro',
    statusRelacionamento: vigente,
    statusParticipacao: participante,
    tipoPrograma: cidadeEmpreendedoraBasica,
    statusContrato: 'Cidade Empreendedora Básica',
    selo: 'bronze',
    medalha: null,
    eixos: ['Turismo'],
    membros: 6,
  },
];

type Place = Pick<MunicipalitySeed, 'nome' | 'codigoIbge' | 'ddd' | 'pontos'>;

/** A tenant's places, one per role in MUNICIPALITY_ROLES' order. */
function municipalities(places: Place[]): MunicipalitySeed[] {
  if (places.length !== MUNICIPALITY_ROLES.length) throw new Error(`A tenant names ${MUNICIPALITY_ROLES.length} municipalities.`);
  return places.map(({ nome, codigoIbge, ddd, pontos }, position) => {
    const { tipo, statusRelacionamento, statusParticipacao, tipoPrograma, statusContrato, selo, medalha, eixos, membros } =
      MUNICIPALITY_ROLES[position]!;
    // The seed's own field order, so a tenant reads as it always did.
    return {
      nome,
      codigoIbge,
      ddd,
      tipo,
      statusRelacionamento,
      statusParticipacao,
      tipoPrograma,
      statusContrato,
      selo,
      pontos,
      medalha,
      eixos: [...eixos],
      membros,
    };
  });
}

/** The extra users' groups and grants by position, likewise the same in every tenant. */
const EXTRA_USER_ROLES: Omit<UserSeed, 'email'>[] = [
  {
    grupo: 'Consultor',
    permissoes: [
      { permissao: 'Consultor Condutor', municipio: 2 },
      { permissao: 'Consultor Condutor', municipio: 4 },
    ],
  },
  { grupo: 'Consultor', permissoes: [{ permissao: 'Consultor Especialista', municipio: 6, eixo: 'Turismo' }] },
  {
    grupo: 'Analista',
    permissoes: [
      { permissao: 'Analista', municipio: 2 },
      { permissao: 'Analista', municipio: 5 },
    ],
  },
  { grupo: 'Consultor', habilitado: false, permissoes: [{ permissao: 'Consultor Condutor', municipio: 5 }] },
];

function extraUsers(people: { nome: string; email: string }[]): TenantSeed['extraUsers'] {
  return people.map(({ nome, email }, position) => ({ nome, email, ...structuredClone(EXTRA_USER_ROLES[position]!) }));
}

export const TENANTS: TenantSeed[] = [
  {
    id: 'sc',
    nome: 'Santa Catarina',
    uf: 'SC',
    ddd: '48',
    cpfRegion: '9',
    projeto: {
      nome: 'Cidade Empreendedora SC 2025-2026',
      descricao: 'Programa Cidade Empreendedora em municípios catarinenses, ciclo 2025-2026.',
    },
    municipios: municipalities([
      { nome: 'Florianópolis', codigoIbge: '4205407', ddd: '48', pontos: 320 },
      { nome: 'Joinville', codigoIbge: '4209102', ddd: '47', pontos: 245 },
      { nome: 'Blumenau', codigoIbge: '4202404', ddd: '47', pontos: 0 },
      { nome: 'Chapecó', codigoIbge: '4204202', ddd: '49', pontos: 180 },
      { nome: 'Lages', codigoIbge: '4209300', ddd: '49', pontos: 0 },
      { nome: 'Criciúma', codigoIbge: '4204608', ddd: '48', pontos: 95 },
      { nome: 'Itajaí', codigoIbge: '4208203', ddd: '47', pontos: 110 },
    ]),
    demoNames: {
      admin: 'Administrador do Sistema',
      administrador: 'Patrícia Helena Wolff',
      condutor: 'Carlos Eduardo Vieira',
      especialista: 'Juliana Bianchini Hoffmann',
      analista: 'Fernando Luiz Zanella',
      ad: 'Beatriz Rocha Medeiros',
      operacoes: 'Gustavo Kremer',
      parceiro: 'Otávio Schroeder',
      sala: 'Camila Dalla Costa',
      membro: 'Sérgio Luiz Pacheco',
      agente: 'Rafael Cardoso Kuhnen',
      primeiroAcesso: 'Letícia Andrade Müller',
    },
    extraUsers: extraUsers([
      { nome: 'Mariana Souza', email: 'mariana.souza@sebrae-exemplo.com.br' },
      { nome: 'João Pedro Koch', email: 'joao.koch@sebrae-exemplo.com.br' },
      { nome: 'Luciana Schmitt', email: 'luciana.schmitt@sebrae-exemplo.com.br' },
      { nome: 'Rafael Bortolini', email: 'rafael.bortolini@sebrae-exemplo.com.br' },
    ]),
    firstNames: [
      { nome: 'Ana Paula', feminino: true },
      { nome: 'Marcos', feminino: false },
      { nome: 'Cláudia', feminino: true },
      { nome: 'Roberto', feminino: false },
      { nome: 'Francine', feminino: true },
      { nome: 'Jairo', feminino: false },
      { nome: 'Simone', feminino: true },
      { nome: 'Valdir', feminino: false },
      { nome: 'Tatiane', feminino: true },
      { nome: 'Édson', feminino: false },
      { nome: 'Gisele', feminino: true },
      { nome: 'Márcio', feminino: false },
      { nome: 'Luíza', feminino: true },
      { nome: 'Anderson', feminino: false },
      { nome: 'Rosângela', feminino: true },
      { nome: 'Ivan', feminino: false },
      { nome: 'Daniela', feminino: true },
      { nome: 'Élio', feminino: false },
      { nome: 'Priscila', feminino: true },
      { nome: 'Vilmar', feminino: false },
      { nome: 'Karina', feminino: true },
      { nome: 'Leandro', feminino: false },
      { nome: 'Débora', feminino: true },
      { nome: 'Nélson', feminino: false },
    ],
    surnames: [
      'Schmitt',
      'Bortolini',
      'da Silva',
      'Zanella',
      'Hoffmann',
      'Machado',
      'Koerich',
      'Pereira',
      'Becker',
      'Conceição',
      'Dal Pizzol',
      'Martins',
      'Wiggers',
      'Borges',
      'Fachini',
      'Sá',
      'Kuhnen',
      'Amorim',
      'Tomazi',
      'Brüggemann',
    ],
  },
  {
    id: 'ms',
    nome: 'Mato Grosso do Sul',
    uf: 'MS',
    ddd: '67',
    cpfRegion: '1',
    projeto: {
      nome: 'Cidade Empreendedora MS 2025-2026',
      descricao: 'Programa Cidade Empreendedora em municípios sul-mato-grossenses, ciclo 2025-2026.',
    },
    municipios: municipalities([
      { nome: 'Campo Grande', codigoIbge: '5002704', ddd: '67', pontos: 298 },
      { nome: 'Dourados', codigoIbge: '5003702', ddd: '67', pontos: 210 },
      { nome: 'Três Lagoas', codigoIbge: '5008305', ddd: '67', pontos: 0 },
      { nome: 'Corumbá', codigoIbge: '5003207', ddd: '67', pontos: 165 },
      { nome: 'Naviraí', codigoIbge: '5005707', ddd: '67', pontos: 0 },
      { nome: 'Aquidauana', codigoIbge: '5001102', ddd: '67', pontos: 88 },
      { nome: 'Ponta Porã', codigoIbge: '5006606', ddd: '67', pontos: 102 },
    ]),
    demoNames: {
      admin: 'Administrador do Sistema',
      administrador: 'Cláudia Regina Espíndola',
      condutor: 'Rodrigo Almeida Salgado',
      especialista: 'Larissa Tomiko Oshiro',
      analista: 'Marcelo Henrique Benites',
      ad: 'Aline Cristina Ortiz',
      operacoes: 'Renata Figueiredo Arantes',
      parceiro: 'Paulo César Ajala',
      sala: 'Vanessa Lima Gonçalves',
      membro: 'Edson Ramão Vargas',
      agente: 'Daniela Arguello Vilela',
      primeiroAcesso: 'Jéssica Coelho Barros',
    },
    extraUsers: extraUsers([
      { nome: 'Ana Paula Nogueira', email: 'ana.nogueira@sebrae-exemplo.com.br' },
      { nome: 'Gustavo Arruda Ferreira', email: 'gustavo.ferreira@sebrae-exemplo.com.br' },
      { nome: 'Fernanda Lopes Barbosa', email: 'fernanda.barbosa@sebrae-exemplo.com.br' },
      { nome: 'Thiago Rezende Moura', email: 'thiago.moura@sebrae-exemplo.com.br' },
    ]),
    firstNames: [
      { nome: 'Maria Aparecida', feminino: true },
      { nome: 'Osmar', feminino: false },
      { nome: 'Keila', feminino: true },
      { nome: 'Wellington', feminino: false },
      { nome: 'Rosana', feminino: true },
      { nome: 'Júlio César', feminino: false },
      { nome: 'Elaine', feminino: true },
      { nome: 'Adriano', feminino: false },
      { nome: 'Sônia', feminino: true },
      { nome: 'Hélio', feminino: false },
      { nome: 'Cristiane', feminino: true },
      { nome: 'Reinaldo', feminino: false },
      { nome: 'Mirian', feminino: true },
      { nome: 'Antônio Carlos', feminino: false },
      { nome: 'Lúcia', feminino: true },
      { nome: 'Ramão', feminino: false },
      { nome: 'Andréia', feminino: true },
      { nome: 'Cícero', feminino: false },
      { nome: 'Eliane', feminino: true },
      { nome: 'Juscelino', feminino: false },
      { nome: 'Natália', feminino: true },
      { nome: 'Fábio', feminino: false },
      { nome: 'Graziela', feminino: true },
      { nome: 'Rubens', feminino: false },
    ],
    surnames: [
      'Nogueira',
      'Benites',
      'Arruda',
      'Oshiro',
      'Gonçalves',
      'Ajala',
      'Ribeiro',
      'Espíndola',
      'Cáceres',
      'Rezende',
      'Higa',
      'Barbosa',
      'Vargas',
      'Figueiró',
      'Medeiros',
      'Azambuja',
      'Lemes',
      'Tibúrcio',
      'Coelho',
      'Brandão',
    ],
  },
];

/** Job roles of municipality members by position, with the group each one sits in. */
export const MEMBER_ROLES: { cargo: [string, string]; orgao: string; grupo: number }[] = [
  {
    cargo: ['Secretário Municipal de Desenvolvimento Econômico', 'Secretária Municipal de Desenvolvimento Econômico'],
    orgao: 'Prefeitura Municipal de {municipio}',
    grupo: 0,
  },
  { cargo: ['Agente de Desenvolvimento', 'Agente de Desenvolvimento'], orgao: 'Prefeitura Municipal de {municipio}', grupo: 2 },
  {
    cargo: ['Coordenador da Sala do Empreendedor', 'Coordenadora da Sala do Empreendedor'],
    orgao: 'Secretaria Municipal de Desenvolvimento Econômico',
    grupo: 2,
  },
  { cargo: ['Presidente', 'Presidente'], orgao: 'Associação Comercial e Industrial de {municipio}', grupo: 1 },
  { cargo: ['Vereador', 'Vereadora'], orgao: 'Câmara Municipal de {municipio}', grupo: 1 },
  { cargo: ['Secretário Municipal de Educação', 'Secretária Municipal de Educação'], orgao: 'Secretaria Municipal de Educação', grupo: 0 },
  { cargo: ['Gerente Regional', 'Gerente Regional'], orgao: 'Sebrae/{uf}', grupo: 0 },
  { cargo: ['Diretor', 'Diretora'], orgao: 'Câmara de Dirigentes Lojistas de {municipio}', grupo: 1 },
];

export type DemoKey =
  | 'admin'
  | 'administrador'
  | 'condutor'
  | 'especialista'
  | 'analista'
  | 'ad'
  | 'operacoes'
  | 'parceiro'
  | 'sala'
  | 'membro'
  | 'agente'
  | 'primeiroAcesso';

/** `municipio` is a position in TenantSeed.municipios; `eixo` an axis name. */
export type PermissionSeed = { permissao: PermissionRole; municipio: number; eixo?: string };

export type UserSeed = {
  email: string;
  grupo: string;
  habilitado?: boolean;
  administradorSistema?: boolean;
  semSenha?: boolean;
  permissoes?: PermissionSeed[];
  /** Municipalities whose solutions the user manages (usuarioPermissaoSolucao), by position. */
  solucoes?: number[];
};

export const DEMO_USERS: (UserSeed & { key: DemoKey })[] = [
  { key: 'admin', email: 'admin@demo.local', grupo: 'Administrador', administradorSistema: true },
  { key: 'administrador', email: 'administrador@demo.local', grupo: 'Administrador' },
  {
    key: 'condutor',
    email: 'condutor@demo.local',
    grupo: 'Consultor',
    permissoes: [0, 1, 3].map((municipio) => ({ permissao: 'Consultor Condutor', municipio })),
    solucoes: [0, 1],
  },
  {
    key: 'especialista',
    email: 'especialista@demo.local',
    grupo: 'Consultor',
    permissoes: [
      { permissao: 'Consultor Especialista', municipio: 0, eixo: 'Empreendedorismo na Escola' },
      { permissao: 'Consultor Especialista', municipio: 0, eixo: 'Turismo' },
      { permissao: 'Consultor Especialista', municipio: 1, eixo: 'Empreendedorismo na Escola' },
    ],
  },
  {
    key: 'analista',
    email: 'analista@demo.local',
    grupo: 'Analista',
    permissoes: [0, 1, 3, 6].map((municipio) => ({ permissao: 'Analista', municipio })),
  },
  { key: 'ad', email: 'ad@demo.local', grupo: 'AD Municipal', permissoes: [{ permissao: 'AD', municipio: 0 }] },
  { key: 'operacoes', email: 'operacoes@demo.local', grupo: 'Operacoes' },
  // Partner and room users answer their own municipality's questions, which is the AD role.
  { key: 'parceiro', email: 'parceiro@demo.local', grupo: 'Parceiro', permissoes: [{ permissao: 'AD', municipio: 6 }] },
  { key: 'sala', email: 'sala@demo.local', grupo: 'Sala do Empreendedor', permissoes: [{ permissao: 'AD', municipio: 3 }] },
  // A member holds none of the four roles the permissao column allows; usuarioPermissaoSolucao is
  // the only other user-municipality link in the schema.
  { key: 'membro', email: 'membro@demo.local', grupo: 'Membro do Município', solucoes: [0] },
  // The territorial agent (issue 31): visits the first territory's municipalities; open ?variante=at&uf=SC1 for the AT words.
  {
    key: 'agente',
    email: 'agente@demo.local',
    grupo: 'Consultor',
    permissoes: [0, 1, 2].map((municipio) => ({ permissao: 'Consultor Condutor', municipio })),
  },
  { key: 'primeiroAcesso', email: FIRST_ACCESS_EMAIL, grupo: 'Consultor', semSenha: true },
];

const flags = (base: FlagSet, on: FlagKey[], off: FlagKey[] = []): FlagSet => {
  const result = { ...base };
  for (const key of on) result[key] = true;
  for (const key of off) result[key] = false;
  return result;
};

const VIEW_EVIDENCE: FlagKey[] = ['visualizarRespondidas', 'visualizarEvidenciadas', 'visualizarRejeitadas', 'visualizarAprovadas'];

/** The municipality area's tabs a programme team works in (operations and consultants alike). */
const TEAM_TABS: FlagKey[] = [
  'verAbaGeral',
  'verAbaAcompanhamento',
  'verAbaEvidencia',
  // The reference term (issue 30): the plan the team works to.
  'verAbaTermoReferencia',
  'verAbaGrupo',
  'verAbaEvento',
  // For consultants the batch tab shows only to the specialists of the group, and only in SC1 (spec §6):
  // the conductor never sees it.
  'verAbaEventoEmLote',
  'verAbaRelatorio',
];

/** A municipality's own answerers (partner, room) answer, resend what was rejected and see what was approved. */
const ANSWER_OWN_EVIDENCE: FlagKey[] = [
  'visualizarRespondidas',
  'enviarRespondidas',
  'visualizarRejeitadas',
  'enviarRejeitadas',
  'visualizarAprovadas',
];

/** Flag sets as these roles really use the product; the system configuration stays permissive. */
export const USER_GROUPS: { nome: string; flags: FlagSet; eixosVisiveis?: string[]; relatoriosAdm?: number[] }[] = [
  {
    nome: 'Administrador',
    flags: flags(
      allFlags(),
      [],
      ['naoVerClienteOculto', 'naoVerClienteOcultoOuro', 'ocultarRelatorioAdministrativos', 'umTarefaValorRelatorio'],
    ),
    // The served reports of the catalogue (src/domain/report-catalogue.ts) and the two planned ones (16, 17).
    relatoriosAdm: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 40],
  },
  {
    nome: 'Operacoes',
    flags: flags(defaultFlags(), [
      'verTodosEixos',
      'visualizaMunicipio',
      ...TEAM_TABS,
      'verAbaAndamento',
      'menuGestao',
      'menuGestaoMunicipios',
      'menuGestaoTerritorios',
      'menuMunicipiosEixos',
      'menuMunicipiosTemas',
      'menuEncontros',
      'menuMeusEncontros',
      'menuRelatorios',
      'menuAnalisarRelatorios',
      // The office of the payments: "Processos de pagamentos" sits under Administração (spec §2).
      'menuAdministracao',
      'menuProcessosPagamento',
      'menuDashboard',
      ...VIEW_EVIDENCE,
      // Cliente oculto: the result only (naoVerClienteOculto stays on: the evaluation is the administrators').
      'verClienteOculto',
    ]),
  },
  {
    nome: 'Consultor',
    flags: flags(defaultFlags(), [
      ...TEAM_TABS,
      'verAbaRelatorioAdministrativo',
      'verAbaAndamento',
      // Consultants prepare the municipality's proposals; analysts decide them (issue 30).
      'verAbaProposta',
      'novoRelatorio',
      'novoAcompanhamento',
      'verPontosAcoesAcompanhamento',
      'finalizarAcompanhamento',
      'enviarRespondidas',
      'enviarEvidenciadas',
      'enviarRejeitadas',
      'enviarAprovadas',
      ...VIEW_EVIDENCE,
      'menuRelatorios',
      'verMeusRelatorios',
      'menuMeusRelatoriosAdmin',
      // "Meus Processos de Pagamentos" is the one item of Administração a consultant has (spec §2).
      'menuAdministracao',
      'menuMeusProcessosPagamento',
      'menuGestao',
      'menuGestaoMunicipios',
      'menuMeusEncontros',
      'exibirPfAtendida',
      'exibirPjAtendida',
      'editaHorasUtilizadasQuandoTarefasSemHrPredefinidas',
    ]),
  },
  {
    nome: 'Analista',
    flags: flags(defaultFlags(), [
      'verAbaGeral',
      'verAbaAcompanhamento',
      'verAbaEvidencia',
      'verAbaTermoReferencia',
      'verAbaGrupo',
      'verAbaRelatorio',
      'verAbaRelatorioAdministrativo',
      'verAbaAndamento',
      'verAbaProposta',
      'podeAnalisarProposta',
      'podeAnalisarRelatorio',
      'analisarEvidenciadas',
      'analisarAprovadas',
      'analisarRejeitadas',
      ...VIEW_EVIDENCE,
      'verPontosAcoesAcompanhamento',
      'menuGestao',
      'menuGestaoMunicipios',
      'menuRelatorios',
      'menuAnalisarRelatorios',
      'menuAnalisarRelatoriosAdmin',
      'menuDashboard',
    ]),
    relatoriosAdm: [1, 2, 5, 10, 40],
  },
  {
    nome: 'AD Municipal',
    flags: flags(defaultFlags(), [
      'verAbaGeral',
      'verAbaAcompanhamento',
      'verAbaEvidencia',
      'verAbaGrupo',
      'enviarRespondidas',
      'visualizarRespondidas',
    ]),
  },
  {
    nome: 'Parceiro',
    flags: flags(defaultFlags(), [
      'verAbaGeral',
      'verAbaAcompanhamento',
      'verAbaEvidencia',
      ...ANSWER_OWN_EVIDENCE,
      'visualizarEvidenciadas',
    ]),
  },
  {
    nome: 'Sala do Empreendedor',
    flags: flags(defaultFlags(), ['verAbaSala', 'menuSalaEmpreendedor', 'verAbaGeral', 'verAbaEvidencia', ...ANSWER_OWN_EVIDENCE]),
    eixosVisiveis: ['Ambiente de Negócios'],
  },
  {
    nome: 'Membro do Município',
    // A member answers and finalizes the municipality's follow-ups on every axis (they hold no
    // permission row, which is where axes come from), without seeing points.
    flags: flags(defaultFlags(), [
      'verAbaGeral',
      'verAbaAcompanhamento',
      'verAbaGrupo',
      'verTodosEixos',
      'novoAcompanhamento',
      'finalizarAcompanhamento',
      // The municipality sends its evidence: answered and rejected questions (resend), and sees every tab.
      'verAbaEvidencia',
      'enviarRespondidas',
      'enviarRejeitadas',
      ...VIEW_EVIDENCE,
    ]),
  },
];

/** The system level is permissive; user groups do the restricting (spec §6 needs both flags). */
export const SYSTEM_FLAGS: FlagSet = flags(allFlags(), [], ['naoVerClienteOcultoOuro', 'ocultarRelatorioAdministrativos']);

type QuestionSeed = { id: number; texto: string; pontos: number; evidencia?: boolean; recorrente?: boolean; comentario?: boolean };

export const AXES: { nome: string; descricao: string; nacional: boolean; temas: { nome: string; perguntas: QuestionSeed[] }[] }[] = [
  {
    nome: 'Ambiente de Negócios',
    descricao: 'Simplificação, desburocratização e atendimento ao empreendedor por meio da Sala do Empreendedor.',
    nacional: true,
    temas: [
      {
        nome: 'Sala do Empreendedor',
        perguntas: [
          {
            id: 1,
            texto:
              'O município possui Sala do Empreendedor em funcionamento, com espaço físico identificado e horário de atendimento divulgado?',
            pontos: 10,
          },
          {
            id: 3,
            texto:
              'A Sala do Empreendedor conta com atendentes capacitados em número compatível com a demanda? Informe a quantidade atual de atendentes e a carga horária mínima de cada um.',
            pontos: 10,
            recorrente: true,
            comentario: true,
          },
          {
            id: 4,
            texto: 'A Sala do Empreendedor oferece atendimento ao MEI para formalização, emissão de guias e declaração anual?',
            pontos: 5,
          },
          {
            id: 5,
            texto: 'Os atendimentos da Sala do Empreendedor são registrados em sistema e consolidados mensalmente?',
            pontos: 5,
            recorrente: true,
          },
        ],
      },
      {
        nome: 'Desburocratização',
        perguntas: [
          { id: 6, texto: 'O município integra o licenciamento municipal à Redesim?', pontos: 10 },
          { id: 7, texto: 'Existe lei ou decreto municipal que dispensa de alvará as atividades de baixo risco?', pontos: 10 },
          { id: 8, texto: 'O alvará de funcionamento das atividades de médio risco é emitido em até cinco dias úteis?', pontos: 5 },
        ],
      },
      {
        nome: 'Diagnóstico',
        perguntas: [
          { id: 112, texto: 'O município concluiu o diagnóstico inicial do ambiente de negócios?', pontos: 0, evidencia: false },
          { id: 113, texto: 'O plano de ação resultante do diagnóstico foi validado pelo Comitê Gestor?', pontos: 0, evidencia: false },
          {
            id: 114,
            texto: 'Os resultados do diagnóstico foram apresentados à sociedade em reunião aberta ou audiência pública?',
            pontos: 0,
            evidencia: false,
            comentario: true,
          },
        ],
      },
      {
        nome: 'Desenvolvimento Econômico Local',
        perguntas: [
          {
            id: 22,
            texto: 'O município possui Lei Geral Municipal da Micro e Pequena Empresa regulamentada e atualizada nos últimos quatro anos?',
            pontos: 10,
          },
          {
            id: 23,
            texto: 'Existe Comitê Gestor da Lei Geral instituído por decreto, com reuniões periódicas registradas em ata?',
            pontos: 5,
            recorrente: true,
          },
          {
            id: 24,
            texto: 'O município designou formalmente um Agente de Desenvolvimento, com dedicação mínima de 20 horas semanais?',
            pontos: 10,
          },
          { id: 25, texto: 'O plano plurianual prevê ações e orçamento para o desenvolvimento dos pequenos negócios?', pontos: 5 },
          {
            id: 26,
            texto: 'O município publica indicadores de abertura e fechamento de empresas ao menos uma vez por ano?',
            pontos: 5,
            recorrente: true,
            comentario: true,
          },
        ],
      },
      {
        nome: 'Acesso a Crédito',
        perguntas: [
          {
            id: 27,
            texto: 'O município mantém convênio com instituição de microcrédito ou fundo de aval para os pequenos negócios?',
            pontos: 10,
          },
          {
            id: 28,
            texto:
              'A Sala do Empreendedor orienta os empreendedores sobre linhas de crédito e encaminha as propostas às instituições parceiras?',
            pontos: 5,
          },
          {
            id: 29,
            texto: 'Foi realizada feira ou mutirão de crédito para pequenos negócios nos últimos 12 meses?',
            pontos: 5,
            recorrente: true,
          },
        ],
      },
    ],
  },
  {
    nome: 'Compras Públicas',
    descricao: 'Uso do poder de compra do município para desenvolver os pequenos negócios locais.',
    nacional: true,
    temas: [
      {
        nome: 'Compras Governamentais',
        perguntas: [
          {
            id: 9,
            texto:
              'O município regulamentou o tratamento diferenciado às microempresas e empresas de pequeno porte nas compras públicas (LC 123/2006)?',
            pontos: 10,
          },
          {
            id: 10,
            texto: 'O município realiza licitações exclusivas para ME e EPP nos itens de até R$ 80.000,00?',
            pontos: 10,
            recorrente: true,
          },
          { id: 11, texto: 'O plano de contratações anual é publicado no Portal Nacional de Contratações Públicas?', pontos: 5 },
        ],
      },
      {
        nome: 'Fornecedores Locais',
        perguntas: [
          { id: 12, texto: 'O município mantém cadastro atualizado de fornecedores locais?', pontos: 5, recorrente: true },
          {
            id: 13,
            texto:
              'Foi realizado encontro de negócios entre compradores públicos e fornecedores locais nos últimos 12 meses? Anexe a lista de presença e o relatório do evento.',
            pontos: 10,
          },
        ],
      },
      {
        nome: 'Gestão de Contratos',
        perguntas: [
          {
            id: 30,
            texto: 'O município acompanha a participação de ME e EPP no total de compras e publica esse percentual anualmente?',
            pontos: 10,
            recorrente: true,
          },
          {
            id: 31,
            texto: 'Os pagamentos a fornecedores de pequeno porte são feitos em até 30 dias após o recebimento da nota fiscal?',
            pontos: 5,
          },
          {
            id: 32,
            texto: 'O município oferece capacitação aos fornecedores locais sobre como vender para a prefeitura?',
            pontos: 5,
            comentario: true,
          },
          { id: 33, texto: 'A merenda escolar adquire ao menos 30% dos gêneros da agricultura familiar local?', pontos: 10 },
        ],
      },
    ],
  },
  {
    nome: 'Empreendedorismo na Escola',
    descricao: 'Educação empreendedora na rede municipal de ensino, da educação infantil ao ensino fundamental.',
    nacional: false,
    temas: [
      {
        nome: 'Educação Empreendedora',
        perguntas: [
          { id: 14, texto: 'A educação empreendedora consta do projeto político-pedagógico da rede municipal de ensino?', pontos: 10 },
          {
            id: 15,
            texto: 'Ao menos metade das escolas municipais aplica metodologia de educação empreendedora?',
            pontos: 10,
            recorrente: true,
          },
        ],
      },
      {
        nome: 'Formação de Professores',
        perguntas: [
          {
            id: 16,
            texto: 'Os professores da rede municipal participaram de formação em educação empreendedora no último ano letivo?',
            pontos: 5,
          },
          { id: 17, texto: 'O município promove feira ou mostra de projetos empreendedores dos estudantes?', pontos: 5, comentario: true },
        ],
      },
      {
        nome: 'Parcerias com a Comunidade',
        perguntas: [
          { id: 34, texto: 'Empresários locais participam de atividades de educação empreendedora nas escolas municipais?', pontos: 5 },
          {
            id: 35,
            texto: 'O município mantém parceria formal com instituições de ensino técnico ou superior para projetos de empreendedorismo?',
            pontos: 5,
          },
          {
            id: 36,
            texto: 'Existe programa municipal de incentivo a empresas juniores ou incubadoras de estudantes?',
            pontos: 10,
            recorrente: true,
          },
        ],
      },
    ],
  },
  {
    nome: 'Turismo',
    descricao: 'Planejamento, estruturação e promoção do turismo como vetor de desenvolvimento econômico.',
    nacional: false,
    temas: [
      {
        nome: 'Planejamento Turístico',
        perguntas: [
          { id: 18, texto: 'O município possui Plano Municipal de Turismo aprovado e vigente?', pontos: 10 },
          { id: 19, texto: 'O Conselho Municipal de Turismo está ativo, com reuniões registradas em ata?', pontos: 5, recorrente: true },
        ],
      },
      {
        nome: 'Promoção do Destino',
        perguntas: [
          { id: 20, texto: 'O município está inscrito no Mapa do Turismo Brasileiro?', pontos: 5 },
          { id: 21, texto: 'Existe calendário anual de eventos turísticos divulgado ao público?', pontos: 5 },
        ],
      },
      {
        nome: 'Qualificação dos Serviços Turísticos',
        perguntas: [
          { id: 37, texto: 'Os meios de hospedagem e agências do município estão cadastrados no Cadastur?', pontos: 5, recorrente: true },
          {
            id: 38,
            texto: 'O município promoveu capacitação em atendimento ao turista para comerciantes e prestadores de serviço no último ano?',
            pontos: 5,
          },
          {
            id: 39,
            texto: 'Existe centro de atendimento ao turista em funcionamento, com sinalização turística nos principais acessos?',
            pontos: 10,
          },
          {
            id: 40,
            texto: 'O município mede a satisfação dos visitantes e publica os resultados?',
            pontos: 5,
            comentario: true,
          },
          { id: 41, texto: 'Os roteiros turísticos do município incluem produtos da economia local e da agricultura familiar?', pontos: 5 },
        ],
      },
    ],
  },
];

export const SOLUTION_TYPES = ['Consultoria', 'Capacitação', 'Oficina'];

type TaskSeed = { nome: string; descricao: string; horas: number; evidencias: [string, string][] };
type SolutionSeed = {
  nome: string;
  descricao: string;
  tipo: string;
  custo: number;
  preco: number;
  cargaHoraria: number;
  /** Present when monitoramento is 2 (visits). */
  visitas?: { presenciais: number; horasPresenciais: number; escritorio: number; horasEscritorio: number };
  /** Kept in the programme only: what the "import tasks" dialog and a new municipality can still take. */
  somenteCatalogo?: boolean;
  tarefas: TaskSeed[];
};

/**
 * The demo's disabled examples (spec: disabled, not deleted, once used), in a municipality no test
 * relies on: one group of solutions and one task, each with its re-enable action in the lists.
 */
export const DISABLED_IN_MUNICIPALITY = {
  municipio: 'Ponta Porã',
  grupos: ['Compras Públicas Locais'],
  tarefas: ['Inauguração e divulgação da sala'],
};

const LISTA_PRESENCA: [string, string] = ['Lista de presença', 'Lista assinada pelos participantes.'];
const REGISTRO_FOTOGRAFICO: [string, string] = ['Registro fotográfico', 'Fotos datadas da atividade.'];

/** `eixo` is the group's main axis (municipalities get the group when they work on it); `outrosEixos` the others it also serves (spec §5: at most 5 in all). */
export const SOLUTION_GROUPS: {
  nome: string;
  descricao: string;
  tipo: string;
  eixo: string;
  outrosEixos?: string[];
  solucoes: SolutionSeed[];
}[] = [
  {
    nome: 'Ambiente de Negócios e Desburocratização',
    descricao: 'Simplificar a abertura e o licenciamento de empresas e fortalecer a Sala do Empreendedor.',
    tipo: 'Consultoria',
    eixo: 'Ambiente de Negócios',
    solucoes: [
      {
        nome: 'Implantação da Sala do Empreendedor',
        descricao: 'Estruturação do espaço, do fluxo e da equipe de atendimento ao empreendedor.',
        tipo: 'Consultoria',
        custo: 12500,
        preco: 18900,
        cargaHoraria: 36,
        tarefas: [
          {
            nome: 'Diagnóstico do atendimento ao empreendedor',
            descricao: 'Levantamento dos serviços oferecidos e da demanda atual.',
            horas: 8,
            evidencias: [['Relatório de diagnóstico', 'Serviços oferecidos e demanda mensal.']],
          },
          {
            nome: 'Capacitação dos atendentes',
            descricao: 'Formação da equipe em formalização, crédito e serviços ao MEI.',
            horas: 16,
            evidencias: [LISTA_PRESENCA, ['Certificados dos atendentes', 'Certificados de conclusão da capacitação.']],
          },
          {
            nome: 'Definição do fluxo de atendimento',
            descricao: 'Desenho do fluxo de atendimento e dos encaminhamentos.',
            horas: 8,
            evidencias: [['Fluxograma de atendimento', 'Fluxo aprovado pela secretaria.']],
          },
          {
            nome: 'Inauguração e divulgação da sala',
            descricao: 'Evento de lançamento e divulgação à comunidade empresarial.',
            horas: 4,
            evidencias: [REGISTRO_FOTOGRAFICO],
          },
        ],
      },
      {
        nome: 'Crédito Orientado ao Pequeno Negócio',
        descricao: 'Articulação do município com as instituições de crédito e orientação financeira aos empreendedores.',
        tipo: 'Consultoria',
        custo: 10400,
        preco: 15600,
        cargaHoraria: 40,
        somenteCatalogo: true,
        tarefas: [
          {
            nome: 'Levantamento das linhas de crédito disponíveis',
            descricao: 'Linhas de bancos, cooperativas e fundos que atendem o município.',
            horas: 4,
            evidencias: [['Quadro das linhas de crédito', 'Linhas, taxas e condições de acesso.']],
          },
          {
            nome: 'Reunião com as instituições financeiras',
            descricao: 'Encontro com gerentes de bancos e cooperativas locais.',
            horas: 4,
            evidencias: [LISTA_PRESENCA, ['Ata da reunião', 'Compromissos assumidos pelas instituições.']],
          },
          {
            nome: 'Capacitação de agentes de crédito',
            descricao: 'Formação dos atendentes municipais em orientação de crédito.',
            horas: 8,
            evidencias: [LISTA_PRESENCA],
          },
          {
            nome: 'Feira de crédito para empreendedores',
            descricao: 'Evento com atendimento das instituições financeiras.',
            horas: 8,
            evidencias: [REGISTRO_FOTOGRAFICO, ['Relação de atendimentos', 'Empreendedores atendidos por instituição.']],
          },
          {
            nome: 'Oficina de educação financeira',
            descricao: 'Oficina de fluxo de caixa e planejamento financeiro.',
            horas: 4,
            evidencias: [LISTA_PRESENCA],
          },
          {
            nome: 'Acompanhamento das propostas de crédito',
            descricao: 'Situação das propostas encaminhadas às instituições.',
            horas: 4,
            evidencias: [['Planilha de propostas', 'Propostas enviadas, aprovadas e recusadas.']],
          },
          {
            nome: 'Relatório final do crédito orientado',
            descricao: 'Volume contratado e empreendedores beneficiados.',
            horas: 4,
            evidencias: [['Relatório final', 'Resultados consolidados da solução.']],
          },
        ],
      },
      {
        nome: 'Simplificação do Licenciamento (Redesim)',
        descricao: 'Integração à Redesim e dispensa de alvará para atividades de baixo risco.',
        tipo: 'Consultoria',
        custo: 9800,
        preco: 14200,
        cargaHoraria: 32,
        tarefas: [
          {
            nome: 'Mapeamento dos processos de licenciamento',
            descricao: 'Etapas, prazos e órgãos envolvidos no licenciamento.',
            horas: 8,
            evidencias: [['Mapa dos processos', 'Processos atuais com prazos médios.']],
          },
          {
            nome: 'Elaboração da minuta de decreto de baixo risco',
            descricao: 'Minuta que classifica as atividades de baixo risco.',
            horas: 16,
            evidencias: [
              ['Minuta do decreto', 'Texto encaminhado à procuradoria.'],
              ['Decreto publicado', 'Publicação no Diário Oficial do Município.'],
            ],
          },
          {
            nome: 'Integração do município à Redesim',
            descricao: 'Adesão e parametrização do integrador estadual.',
            horas: 8,
            evidencias: [['Termo de adesão à Redesim', 'Termo assinado pelo prefeito.']],
          },
        ],
      },
    ],
  },
  {
    nome: 'Compras Públicas Locais',
    descricao: 'Ampliar a participação dos pequenos negócios locais nas compras do município.',
    tipo: 'Consultoria',
    eixo: 'Compras Públicas',
    outrosEixos: ['Ambiente de Negócios'],
    solucoes: [
      {
        nome: 'Plano de Compras Governamentais',
        descricao: 'Planejamento anual das compras com foco em fornecedores locais.',
        tipo: 'Capacitação',
        custo: 7600,
        preco: 11400,
        cargaHoraria: 24,
        tarefas: [
          {
            nome: 'Levantamento das compras do município',
            descricao: 'Análise das compras dos últimos dois exercícios.',
            horas: 8,
            evidencias: [['Planilha de compras por item', 'Compras agrupadas por item e fornecedor.']],
          },
          {
            nome: 'Capacitação da equipe de licitação',
            descricao: 'Formação de pregoeiros e da comissão de contratação.',
            horas: 16,
            evidencias: [LISTA_PRESENCA],
          },
        ],
      },
      {
        nome: 'Encontro de Negócios com Fornecedores Locais',
        descricao: 'Rodada de negócios entre compradores públicos e fornecedores do município.',
        tipo: 'Oficina',
        custo: 6200,
        preco: 9300,
        cargaHoraria: 20,
        visitas: { presenciais: 3, horasPresenciais: 12, escritorio: 2, horasEscritorio: 8 },
        tarefas: [
          {
            nome: 'Mobilização dos fornecedores locais',
            descricao: 'Convite e cadastro dos fornecedores interessados.',
            horas: 4,
            evidencias: [['Lista de fornecedores convidados', 'Empresas convidadas e confirmadas.']],
          },
          {
            nome: 'Realização da rodada de negócios',
            descricao: 'Encontro presencial entre compradores e fornecedores.',
            horas: 8,
            evidencias: [LISTA_PRESENCA, REGISTRO_FOTOGRAFICO],
          },
          {
            nome: 'Relatório de resultados do encontro',
            descricao: 'Negócios iniciados e próximos passos.',
            horas: 4,
            evidencias: [['Relatório de resultados', 'Negócios prospectados e valores estimados.']],
          },
        ],
      },
    ],
  },
  {
    nome: 'Educação Empreendedora',
    descricao: 'Levar a educação empreendedora às escolas da rede municipal.',
    tipo: 'Capacitação',
    eixo: 'Empreendedorismo na Escola',
    solucoes: [
      {
        nome: 'Formação de Professores em Educação Empreendedora',
        descricao: 'Formação continuada de professores do ensino fundamental.',
        tipo: 'Capacitação',
        custo: 8400,
        preco: 12600,
        cargaHoraria: 40,
        tarefas: [
          {
            nome: 'Oficina de formação de professores',
            descricao: 'Oficina presencial com os professores indicados.',
            horas: 16,
            evidencias: [LISTA_PRESENCA, ['Plano de aula', 'Plano de aula elaborado na oficina.']],
          },
          {
            nome: 'Acompanhamento pedagógico nas escolas',
            descricao: 'Visitas às escolas para apoiar a aplicação.',
            horas: 8,
            evidencias: [['Relatório de acompanhamento', 'Escolas visitadas e observações.']],
          },
        ],
      },
      {
        nome: 'Jovens Empreendedores Primeiros Passos (JEPP)',
        descricao: 'Metodologia de educação empreendedora para os anos iniciais.',
        tipo: 'Capacitação',
        custo: 5300,
        preco: 7900,
        cargaHoraria: 24,
        tarefas: [
          {
            nome: 'Adesão das escolas ao programa',
            descricao: 'Seleção das escolas e assinatura do termo de adesão.',
            horas: 4,
            evidencias: [['Termo de adesão', 'Termo assinado pela secretaria de educação.']],
          },
          {
            nome: 'Aplicação das oficinas com os estudantes',
            descricao: 'Oficinas com as turmas participantes.',
            horas: 16,
            evidencias: [REGISTRO_FOTOGRAFICO],
          },
        ],
      },
      {
        nome: 'Feira do Jovem Empreendedor',
        descricao: 'Mostra dos projetos empreendedores dos estudantes.',
        tipo: 'Oficina',
        custo: 4100,
        preco: 6150,
        cargaHoraria: 12,
        visitas: { presenciais: 2, horasPresenciais: 8, escritorio: 1, horasEscritorio: 4 },
        tarefas: [
          {
            nome: 'Planejamento da feira com as escolas',
            descricao: 'Cronograma, espaço e inscrições dos projetos.',
            horas: 4,
            evidencias: [['Cronograma da feira', 'Cronograma aprovado com as escolas.']],
          },
          {
            nome: 'Realização da feira',
            descricao: 'Montagem, exposição e avaliação dos projetos.',
            horas: 8,
            evidencias: [REGISTRO_FOTOGRAFICO, ['Lista de expositores', 'Projetos e estudantes expositores.']],
          },
        ],
      },
    ],
  },
];

/** Meetings of each vigente municipality: day offset from BASE_DATE, local time, title and venue. */
export const MEETINGS: { dias: number; inicio: string; fim: string; titulo: string; local: string }[] = [
  { dias: -52, inicio: '09:00', fim: '11:00', titulo: 'Reunião de alinhamento do plano de trabalho', local: 'Gabinete do Prefeito' },
  { dias: -31, inicio: '14:00', fim: '16:30', titulo: 'Oficina de planejamento das ações', local: 'Sala do Empreendedor' },
  {
    dias: -12,
    inicio: '08:30',
    fim: '10:00',
    titulo: 'Acompanhamento das entregas do trimestre',
    local: 'Sala de reuniões da Secretaria de Desenvolvimento Econômico',
  },
  { dias: 3, inicio: '15:00', fim: '17:00', titulo: 'Reunião de validação das evidências', local: 'Sala do Empreendedor' },
  { dias: 14, inicio: '10:00', fim: '12:00', titulo: 'Encontro de avaliação de resultados', local: 'Auditório da Associação Comercial' },
];

/** Fixed national holidays in the meeting window, skipped when placing meetings. */
export const HOLIDAYS = new Set(['2026-10-12', '2026-11-02', '2026-11-15', '2026-11-20', '2026-12-25']);

const groupFlags = (nome: string, on: FlagKey[] = []): FlagSet => flags(USER_GROUPS.find((g) => g.nome === nome)!.flags, on);

/**
 * São Paulo (issue 18): its people sign in only through the single sign-on, which creates their users
 * at the first sign-in (server/features/amei), so the seed gives it no users, only what a first
 * sign-in needs and lands on: configuration, a project, three municipalities and the three groups
 * the provider's `perfil` claim names (spec §6). Fesp and Fesp Especial are the state programme's
 * staff: they see every municipality and axis of the state.
 */
export const SAO_PAULO = {
  id: 'sp',
  nome: 'São Paulo',
  uf: 'SP',
  projeto: {
    nome: 'Cidade Empreendedora SP 2025-2026',
    descricao: 'Programa Cidade Empreendedora em municípios paulistas, ciclo 2025-2026.',
  },
  municipios: [
    {
      nome: 'Campinas',
      codigoIbge: '3509502',
      statusRelacionamento: vigente,
      statusParticipacao: participante,
      pontos: 210,
      statusContrato: 'Cidade Empreendedora',
    },
    {
      nome: 'Sorocaba',
      codigoIbge: '3552205',
      statusRelacionamento: vigente,
      statusParticipacao: participante,
      pontos: 140,
      statusContrato: 'Cidade Empreendedora',
    },
    {
      nome: 'Santos',
      codigoIbge: '3548500',
      statusRelacionamento: negociacao,
      statusParticipacao: naoParticipante,
      pontos: 0,
      statusContrato: null,
    },
  ],
  groups: [
    { nome: 'Fesp', flags: groupFlags('Consultor', ['verTodosEixos', 'visualizaMunicipio']) },
    { nome: 'Fesp Especial', flags: groupFlags('Analista', ['verTodosEixos', 'visualizaMunicipio']) },
    { nome: 'Coordenador', flags: groupFlags('Operacoes', ['podeAnalisarRelatorio']) },
  ],
} as const;
