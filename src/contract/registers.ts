import { z } from 'zod';
import type { FlagKey } from '../domain/permission-flags.ts';
import {
  axisGroupInputSchema,
  axisGroupRowSchema,
  axisGroupUpdateSchema,
  axisInputSchema,
  axisRowSchema,
  axisUpdateSchema,
  ibgeMunicipalitySchema,
  ibgeParamsSchema,
  municipalityAxesUpdateSchema,
  municipalityAxisListSchema,
  municipalityThemeListSchema,
  municipalityThemesUpdateSchema,
  solutionTypeInputSchema,
  solutionTypeRowSchema,
  solutionTypeUpdateSchema,
} from '../domain/register-axes.ts';
import { bracketInputSchema, bracketRowSchema, bracketUpdateSchema } from '../domain/register-brackets.ts';
import {
  medalInputSchema,
  medalRowSchema,
  medalUpdateSchema,
  packageInputSchema,
  packageRowSchema,
  packageUpdateSchema,
  questionInputSchema,
  questionRowSchema,
  questionUpdateSchema,
  questionUsageSchema,
  scoreRangeInputSchema,
  scoreRangeListSchema,
  scoreRangeRowSchema,
  scoreRangeUpdateSchema,
} from '../domain/register-questions.ts';
import {
  contractStatusInputSchema,
  contractStatusRowSchema,
  contractStatusUpdateSchema,
  statusInputSchema,
  statusNameListSchema,
  statusRowSchema,
  statusUpdateSchema,
} from '../domain/register-statuses.ts';
import {
  actorInputSchema,
  actorRowSchema,
  actorUpdateSchema,
  categoryInputSchema,
  categoryRowSchema,
  categoryUpdateSchema,
  contractActiveSchema,
  contractInputSchema,
  contractRowSchema,
  contractUpdateSchema,
  institutionFilterSchema,
  institutionInputSchema,
  institutionRowSchema,
  institutionUpdateSchema,
  jobRoleInputSchema,
  jobRoleRowSchema,
  jobRoleUpdateSchema,
  regionalUnitInputSchema,
  regionalUnitMunicipalitiesSchema,
  regionalUnitRowSchema,
  regionalUnitUpdateSchema,
  schoolInputSchema,
  schoolRowSchema,
  schoolUpdateSchema,
  ufSchema,
} from '../domain/register-territory.ts';
import { themeInputSchema, themeRowSchema, themeUpdateSchema } from '../domain/register-themes.ts';
import { municipalityProgressSchema } from '../domain/solutions.ts';
import { SPREADSHEET_MAX_BYTES, spreadsheetRequestSchema } from '../domain/spreadsheet.ts';
import { SNIFFED_MIME } from '../domain/uploads.ts';
import { endpoint, type Access, type Schema } from './endpoint.ts';
import { errorResponses, fileResponse, idParams, recordErrors } from './schemas.ts';

/**
 * The registers of spec §7 "Questions and registers" (issue 17): each declares its five endpoints
 * with `registerEndpoints` — list, one by id, create (201), update, delete (204) — from its paths,
 * schemas and menu flag, so the server mounts them (server/lib/register.ts) and the screens call them
 * (src/features/registers/pattern). Reads need a signed-in user (registers feed every combo); writes
 * need `manage` of the menu flag (admins, or the flag in group and configuration), decided before
 * the body is read. Which rows a user sees is the server declaration's `visibility`.
 */

/** How messages name one record: "o tema", "a instituição". */
export type RegisterNoun = { readonly name: string; readonly gender: 'm' | 'f' };

type Path = `/${string}`;

export type RegisterSpec<R extends Schema, C extends Schema, U extends Schema> = {
  /** OpenAPI tag. */
  tag: string;
  noun: RegisterNoun;
  /** The register's menu flag (spec §2 menu tree): writes need `manage` of it. */
  flag: FlagKey;
  row: R;
  create: C;
  update: U;
  /** The routes served; a path left out is not. `get` and `remove` end in `/:id`. */
  paths: { list?: Path; get?: Path; create?: Path; update?: Path; remove?: Path };
  /** Who reads when not every signed-in user may (contracts: who manages them). */
  read?: Access;
};

/** The success answer of an endpoint, the rest its errors. */
const responses = <S extends number, T extends Schema>(status: S, schema: T) =>
  ({ [status]: schema, ...recordErrors }) as { [K in S]: T } & typeof recordErrors;

/** A register's declared endpoints (those of its paths), with what the pattern words its messages from. */
export function registerEndpoints<R extends Schema, C extends Schema, U extends Schema>(s: RegisterSpec<R, C, U>) {
  const tags = [s.tag];
  const read = s.read ?? 'session';
  const write = { manage: s.flag } as const;
  const singular = s.noun.name;
  const { paths } = s;
  const list = z.array(s.row as unknown as z.ZodType<z.output<R>, z.input<R>>);
  return {
    noun: s.noun,
    flag: s.flag,
    row: s.row,
    create: s.create,
    update: s.update,
    endpoints: {
      list: paths.list
        ? endpoint({ method: 'GET', path: paths.list, summary: `Lista: ${singular}`, tags, access: read, response: responses(200, list) })
        : undefined,
      get: paths.get
        ? endpoint({
            method: 'GET',
            path: paths.get,
            summary: `Um registro: ${singular}`,
            tags,
            access: read,
            params: idParams,
            response: responses(200, s.row),
          })
        : undefined,
      create: paths.create
        ? endpoint({
            method: 'POST',
            path: paths.create,
            summary: `Cadastra: ${singular}`,
            tags,
            access: write,
            body: s.create,
            response: responses(201, s.row),
          })
        : undefined,
      update: paths.update
        ? endpoint({
            method: 'PUT',
            path: paths.update,
            summary: `Atualiza: ${singular}`,
            tags,
            access: write,
            body: s.update,
            response: responses(200, s.row),
          })
        : undefined,
      remove: paths.remove
        ? endpoint({
            method: 'DELETE',
            path: paths.remove,
            summary: `Exclui: ${singular} (409 se outros registros o usam)`,
            tags,
            access: write,
            params: idParams,
            response: responses(204, z.null()),
          })
        : undefined,
    },
  };
}

/** What the server pattern and the screens read of a register's contract. */
export type RegisterContract = ReturnType<typeof registerEndpoints<Schema, Schema, Schema>>;

export const crud = (base: Path) => ({ list: base, get: `${base}/:id`, create: base, update: base, remove: `${base}/:id` }) as const;

const bracket = (base: Path, tag: string) =>
  registerEndpoints({
    tag,
    noun: { name: 'faixa', gender: 'f' },
    flag: 'menuGestaoCadastros',
    row: bracketRowSchema,
    create: bracketInputSchema,
    update: bracketUpdateSchema,
    paths: crud(base),
  });

const errors = errorResponses(400, 401, 403, 404);
const xlsxResponse = fileResponse('A planilha (xlsx)', SNIFFED_MIME.xlsx);
const contractTags = ['contratos'];
const statusTags = ['status'];

/** get-nomes and relatorio-tarefa/{id} of one status family. */
const statusExtras = (base: '/Status' | '/StatusContrato', noun: string) => ({
  names: endpoint({
    method: 'GET',
    path: `${base}/get-nomes`,
    summary: `Nomes (${noun}), em ordem alfabética`,
    tags: statusTags,
    access: 'session',
    response: { 200: statusNameListSchema, ...errors },
  }),
  taskProgress: endpoint({
    method: 'GET',
    path: `${base}/relatorio-tarefa/:id`,
    summary: `Andamento das tarefas dos municípios com este ${noun} (os que o usuário vê e que têm tarefas)`,
    tags: statusTags,
    access: 'session',
    params: idParams,
    response: { 200: z.array(municipalityProgressSchema), ...errors },
  }),
});

export const registers = {
  themes: registerEndpoints({
    tag: 'tema',
    noun: { name: 'tema', gender: 'm' },
    flag: 'menuTemas',
    row: themeRowSchema,
    create: themeInputSchema,
    update: themeUpdateSchema,
    paths: crud('/Tema'),
  }),
  questions: {
    ...registerEndpoints({
      tag: 'pergunta',
      noun: { name: 'pergunta', gender: 'f' },
      flag: 'menuPerguntas',
      row: questionRowSchema,
      create: questionInputSchema,
      update: questionUpdateSchema,
      paths: crud('/pergunta/pergunta'),
    }),
    last: endpoint({
      method: 'GET',
      path: '/pergunta/pergunta/retonar-ultima-pergunta-cadastrada',
      summary: 'A última pergunta cadastrada (o maior perguntaId da base); 404 se não há perguntas',
      tags: ['pergunta'],
      access: 'session',
      response: { 200: questionRowSchema, ...recordErrors },
    }),
    usage: endpoint({
      method: 'GET',
      path: '/pergunta/pergunta/atualizar-quantidade/:id',
      summary: 'Recontagem do uso da pergunta: municípios que a têm, quantos a responderam, acompanhamentos que a copiaram',
      tags: ['pergunta'],
      access: 'session',
      params: idParams,
      response: { 200: questionUsageSchema, ...recordErrors },
    }),
  },
  scoreRanges: {
    ...registerEndpoints({
      tag: 'pergunta-faixa-resposta',
      noun: { name: 'faixa', gender: 'f' },
      flag: 'menuFaixas',
      row: scoreRangeRowSchema,
      create: scoreRangeInputSchema,
      update: scoreRangeUpdateSchema,
      paths: crud('/pergunta-faixa-resposta'),
    }),
    siblings: endpoint({
      method: 'GET',
      path: '/pergunta-faixa-resposta/get-perguntas-faixa-resposta-by-faixaId/:id',
      summary: 'As faixas da mesma pergunta que a faixa {id} (ela inclusive), por pontos',
      tags: ['pergunta-faixa-resposta'],
      access: 'session',
      params: idParams,
      response: { 200: scoreRangeListSchema, ...recordErrors },
    }),
  },
  packages: registerEndpoints({
    tag: 'pacote',
    noun: { name: 'pacote', gender: 'm' },
    flag: 'menuPacotes',
    row: packageRowSchema,
    create: packageInputSchema,
    update: packageUpdateSchema,
    paths: crud('/Pacote'),
  }),
  medals: registerEndpoints({
    tag: 'medalha',
    noun: { name: 'medalha', gender: 'f' },
    flag: 'menuMedalhas',
    row: medalRowSchema,
    create: medalInputSchema,
    update: medalUpdateSchema,
    paths: crud('/Medalha'),
  }),
  axes: registerEndpoints({
    tag: 'eixo',
    noun: { name: 'eixo', gender: 'm' },
    flag: 'menuEixos',
    row: axisRowSchema,
    create: axisInputSchema,
    update: axisUpdateSchema,
    paths: crud('/projeto/Eixo'),
  }),
  axisGroups: registerEndpoints({
    tag: 'eixosgrupos',
    noun: { name: 'grupo de eixos', gender: 'm' },
    flag: 'menuEixos',
    row: axisGroupRowSchema,
    create: axisGroupInputSchema,
    update: axisGroupUpdateSchema,
    paths: crud('/eixosgrupos'),
  }),
  /** The list of solution types is the solutions domain's (GET api/solucao-tipo). */
  solutionTypes: registerEndpoints({
    tag: 'solucao',
    noun: { name: 'tipo de solução', gender: 'm' },
    flag: 'menuTipoSolucao',
    row: solutionTypeRowSchema,
    create: solutionTypeInputSchema,
    update: solutionTypeUpdateSchema,
    paths: { get: '/solucao-tipo/:id', create: '/solucao-tipo', update: '/solucao-tipo', remove: '/solucao-tipo/:id' },
  }),
  statuses: {
    ...registerEndpoints({
      tag: 'status',
      noun: { name: 'status', gender: 'm' },
      flag: 'menuGestaoCadastros',
      row: statusRowSchema,
      create: statusInputSchema,
      update: statusUpdateSchema,
      paths: crud('/Status'),
    }),
    ...statusExtras('/Status', 'status'),
  },
  contractStatuses: {
    ...registerEndpoints({
      tag: 'status',
      noun: { name: 'status de contrato', gender: 'm' },
      flag: 'menuGestaoCadastros',
      row: contractStatusRowSchema,
      create: contractStatusInputSchema,
      update: contractStatusUpdateSchema,
      paths: crud('/StatusContrato'),
    }),
    ...statusExtras('/StatusContrato', 'status de contrato'),
  },
  municipalityBrackets: bracket('/municipio-faixas', 'municipio-faixas'),
  solutionBrackets: bracket('/solucoes-faixas', 'solucoes-faixas'),
  institutions: {
    ...registerEndpoints({
      tag: 'govInstituicao',
      noun: { name: 'instituição', gender: 'f' },
      flag: 'menuInstituicao',
      row: institutionRowSchema,
      create: institutionInputSchema,
      update: institutionUpdateSchema,
      paths: {
        list: '/govInstituicao',
        get: '/govInstituicao/:id',
        create: '/govInstituicao/cadastrar-instituicao',
        update: '/govInstituicao/atualizar-instituicao',
        remove: '/govInstituicao/excluir-instituicao/:id',
      },
    }),
    search: endpoint({
      method: 'POST',
      path: '/govInstituicao/obter-instituicoes-por-filtro',
      summary: 'Instituições que o usuário pode ver, por nome e municípios',
      tags: ['govInstituicao'],
      access: 'session',
      body: institutionFilterSchema.nullish(),
      response: { 200: z.array(institutionRowSchema), ...recordErrors },
    }),
  },
  regionalUnits: {
    ...registerEndpoints({
      tag: 'UnidadeRegional',
      noun: { name: 'unidade regional', gender: 'f' },
      flag: 'menuUnidadesRegionais',
      row: regionalUnitRowSchema,
      create: regionalUnitInputSchema,
      update: regionalUnitUpdateSchema,
      paths: {
        list: '/UnidadeRegional',
        get: '/UnidadeRegional/:id',
        create: '/UnidadeRegional/cadastrar-unidade',
        update: '/UnidadeRegional/atualizar-unidade',
        remove: '/UnidadeRegional/excluir-unidade/:id',
      },
    }),
    ofState: endpoint({
      method: 'GET',
      path: '/UnidadeRegional/obter-por-uf/:uf',
      summary: 'Unidades regionais de uma UF, com seus municípios',
      tags: ['UnidadeRegional'],
      access: 'session',
      params: z.object({ uf: ufSchema }),
      response: { 200: z.array(regionalUnitRowSchema), ...recordErrors },
    }),
    setMunicipalities: endpoint({
      method: 'POST',
      path: '/UnidadeRegional/atualizar-unidades-regionais-municipios',
      summary: 'Define os municípios de uma unidade regional (um município pertence a uma só unidade)',
      tags: ['UnidadeRegional'],
      access: { manage: 'menuUnidadesRegionais' },
      body: regionalUnitMunicipalitiesSchema,
      response: { 200: regionalUnitRowSchema, ...recordErrors },
    }),
    spreadsheet: endpoint({
      method: 'GET',
      path: '/UnidadeRegional/gerar-xlsx-unidade-regional',
      summary: 'xlsx das unidades regionais e seus municípios da UF da base',
      tags: ['UnidadeRegional'],
      access: 'session',
      response: { 200: xlsxResponse, ...errorResponses(401) },
    }),
  },
  categories: registerEndpoints({
    tag: 'gov-categoria',
    noun: { name: 'categoria', gender: 'f' },
    flag: 'menuCategorias',
    row: categoryRowSchema,
    create: categoryInputSchema,
    update: categoryUpdateSchema,
    paths: crud('/gov-categoria'),
  }),
  contracts: {
    ...registerEndpoints({
      tag: 'contratos',
      noun: { name: 'contrato', gender: 'm' },
      flag: 'menuContratos',
      row: contractRowSchema,
      create: contractInputSchema,
      update: contractUpdateSchema,
      paths: crud('/contratos'),
      read: { manage: 'menuContratos' },
    }),
    /** One's own contracts, or anyone's for who manages contracts: a rule on the path's id, checked by the handler. */
    ofUser: endpoint({
      method: 'GET',
      path: '/contratos/usuario/:id',
      summary: 'Contratos de um usuário (o próprio, ou qualquer um para quem gere contratos)',
      tags: contractTags,
      access: 'session',
      params: idParams,
      response: { 200: z.array(contractRowSchema), ...recordErrors },
    }),
    setActive: endpoint({
      method: 'PUT',
      path: '/contratos/ativoInativo/:id',
      summary: 'Ativa ou inativa um contrato (o estado do corpo, ou o contrário do atual)',
      tags: contractTags,
      access: { manage: 'menuContratos' },
      params: idParams,
      body: contractActiveSchema,
      response: { 200: contractRowSchema, ...recordErrors },
    }),
  },
  schools: registerEndpoints({
    tag: 'municipio-escola',
    noun: { name: 'escola', gender: 'f' },
    flag: 'menuEducacaoEmpreendedora',
    row: schoolRowSchema,
    create: schoolInputSchema,
    update: schoolUpdateSchema,
    paths: crud('/municipio-escola'),
  }),
  jobRoles: registerEndpoints({
    tag: 'cargofuncao',
    noun: { name: 'cargo ou função', gender: 'm' },
    flag: 'menuUsuarios',
    row: jobRoleRowSchema,
    create: jobRoleInputSchema,
    update: jobRoleUpdateSchema,
    paths: {
      list: '/cargofuncao',
      get: '/cargofuncao/:id',
      create: '/cargofuncao/cadastrar-cargos-funcoes',
      update: '/cargofuncao/atualizar-cargo-funcao',
      remove: '/cargofuncao/:id',
    },
  }),
  actors: {
    ...registerEndpoints({
      tag: 'atores',
      noun: { name: 'ator', gender: 'm' },
      flag: 'menuGestaoCadastros',
      row: actorRowSchema,
      create: actorInputSchema,
      update: actorUpdateSchema,
      paths: crud('/atores'),
    }),
    /** A municipality out of sight is a 403 here (not the access vocabulary's 404): checked by the handler. */
    ofMunicipality: endpoint({
      method: 'GET',
      path: '/atores/municipio/:id',
      summary: 'Atores de um município que o usuário vê',
      tags: ['atores'],
      access: 'session',
      params: idParams,
      response: { 200: z.array(actorRowSchema), ...recordErrors },
    }),
  },
};

/** The municipalities' axes and enabled themes (spec §7 api/MunicipiosEixos, api/MunicipioTemasHabilitados). */
export const municipalityAxes = {
  axes: endpoint({
    method: 'GET',
    path: '/MunicipiosEixos/:id',
    summary: 'Eixos do tenant e quais o município trabalha (os nacionais sempre)',
    tags: ['MunicipiosEixos'],
    access: { manage: 'menuMunicipiosEixos' },
    params: idParams,
    response: { 200: municipalityAxisListSchema, ...errors },
  }),
  saveAxes: endpoint({
    method: 'PUT',
    path: '/MunicipiosEixos',
    summary: 'Substitui os eixos não nacionais do município (os nacionais valem para todos e são ignorados)',
    tags: ['MunicipiosEixos'],
    access: { manage: 'menuMunicipiosEixos' },
    body: municipalityAxesUpdateSchema,
    response: { 200: municipalityAxisListSchema, ...errors },
  }),
  themes: endpoint({
    method: 'GET',
    path: '/MunicipioTemasHabilitados/:id',
    summary: 'Temas do tenant e quais estão habilitados para o município',
    tags: ['MunicipioTemasHabilitados'],
    access: { manage: 'menuMunicipiosTemas' },
    params: idParams,
    response: { 200: municipalityThemeListSchema, ...errors },
  }),
  saveThemes: endpoint({
    method: 'PUT',
    path: '/MunicipioTemasHabilitados',
    summary: 'Substitui os temas habilitados do município',
    tags: ['MunicipioTemasHabilitados'],
    access: { manage: 'menuMunicipiosTemas' },
    body: municipalityThemesUpdateSchema,
    response: { 200: municipalityThemeListSchema, ...errors },
  }),
  byIbgeCode: endpoint({
    method: 'GET',
    path: '/municipioIbge/obter-por-uf-codigomunicipio/:uf/:code',
    summary: 'O município do tenant com este código IBGE nesta UF',
    tags: ['municipioIbge'],
    access: 'session',
    params: ibgeParamsSchema,
    response: { 200: ibgeMunicipalitySchema, ...errorResponses(400, 401, 404) },
  }),
};

/**
 * POST api/planilha, the one Excel export of the lists. Who may export (canExportLists, with its own
 * 403 message) and a declared body over the limit (413) are decided by the route's plugin before the
 * body is read: the access vocabulary carries neither the rule nor the message.
 */
export const spreadsheet = endpoint({
  method: 'POST',
  path: '/planilha',
  summary: 'Gera o xlsx de uma lista (colunas e linhas como a tela mostra)',
  tags: ['planilha'],
  access: 'session',
  // A download changes nothing, and a streamed answer cannot be kept for a replay.
  idempotency: false,
  // A body sent without a Content-Length still stops here, with Fastify's 413.
  bodyLimit: SPREADSHEET_MAX_BYTES,
  body: spreadsheetRequestSchema,
  response: { 200: xlsxResponse, ...errorResponses(400, 401, 403, 413) },
});
