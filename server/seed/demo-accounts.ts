/**
 * The demo logins the seed creates in every tenant (sc and ms), all with the seed's DEMO_PASSWORD.
 * Kept free of database imports so the start-up banner and docs can print it cheaply.
 */
export type DemoAccount = { readonly email: string; readonly role: string; readonly description: string };

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@demo.local',
    role: 'Administrador pleno (interno)',
    description: 'Conta administradora embutida: ignora todas as flags e vê todos os municípios e eixos.',
  },
  {
    email: 'administrador@demo.local',
    role: 'Administrador',
    description: 'Grupo Administrador: quase todas as flags ligadas, sujeito à configuração do sistema.',
  },
  {
    email: 'condutor@demo.local',
    role: 'Consultor condutor',
    description: 'Consultor Condutor em 3 municípios: relatórios, encontros, acompanhamentos e envio de evidências.',
  },
  {
    email: 'especialista@demo.local',
    role: 'Consultor especialista',
    description: 'Consultor Especialista em 2 municípios, só nos eixos Empreendedorismo na Escola e Turismo.',
  },
  {
    email: 'analista@demo.local',
    role: 'Analista',
    description: 'Analisa evidências e relatórios de 4 municípios; acessa o dashboard.',
  },
  {
    email: 'ad@demo.local',
    role: 'AD municipal',
    description: 'Agente de desenvolvimento da capital: responde perguntas e envia evidências.',
  },
  {
    email: 'operacoes@demo.local',
    role: 'Operações',
    description: 'Vê todos os municípios e eixos; gestão, encontros e relatórios; pode reverter análises.',
  },
  {
    email: 'parceiro@demo.local',
    role: 'Parceiro',
    description: 'Usuário do município parceiro (Itajaí/SC, Ponta Porã/MS).',
  },
  {
    email: 'sala@demo.local',
    role: 'Sala do Empreendedor',
    description: 'Usuário da sala do selo (Chapecó/SC, Corumbá/MS), limitado ao pilar Ambiente de Negócios.',
  },
  {
    email: 'membro@demo.local',
    role: 'Membro do município',
    description: 'Membro da capital: só as abas Geral, Acompanhamento e Grupos.',
  },
  {
    email: 'agente@demo.local',
    role: 'Agente territorial',
    description:
      'Consultor Condutor e agente do primeiro território (3 municípios): planeja e registra visitas. Em ?variante=at&uf=SC1 as telas dizem Iniciativas, Atividades e Agendas.',
  },
];

/** Seeded without a password, to walk through the first-access flow. */
export const FIRST_ACCESS_EMAIL = 'primeiroacesso@demo.local';

/** The first-access account as the start-up banner lists it, after the others (it has no password yet). */
export const FIRST_ACCESS_ACCOUNT: DemoAccount = {
  email: FIRST_ACCESS_EMAIL,
  role: 'Consultor sem senha: crie-a em "Primeiro acesso"',
  description: 'Criado sem senha, para percorrer o primeiro acesso: o link chega por e-mail.',
};
