import { z } from 'zod';

/**
 * The catalogue's xlsx (api/projeto/grupoSolucao exportar / modelo-importacao / importar): ONE flat
 * sheet, "Catálogo", one row per evidence definition. A task without evidences takes one row with
 * the evidence columns empty, a solution without tasks one row with the task columns empty, and a
 * group without solutions one row with only the group columns. The group, solution and task fields
 * repeat on every row of their children; the first row of a record that fills a field gives its
 * value. Rows are matched by name within the project (group), the group (solution), the solution
 * (task) and the task (evidence): a known name updates the record, a new one creates it, nothing is
 * deleted. So importing an export changes nothing. Axes and solution types are not in the sheet:
 * they are chosen in the group and solution dialogs.
 */

export const CATALOGUE_SHEET = 'Catálogo';
export const CATALOGUE_EXPORT_FILENAME = 'catalogo-solucoes.xlsx';
export const CATALOGUE_TEMPLATE_FILENAME = 'modelo-importacao-catalogo.xlsx';
/** An xlsx of the catalogue is small: 2 MB holds tens of thousands of rows. */
export const CATALOGUE_MAX_BYTES = 2 * 1024 * 1024;
export const CATALOGUE_MAX_ROWS = 10_000;
const MAX_NAME = 200;
const MAX_DESCRIPTION = 4000;

export const CATALOGUE_COLUMNS = [
  { key: 'grupo', header: 'Grupo', type: 'text', width: 30 },
  { key: 'grupoDescricao', header: 'Descrição do grupo', type: 'text', width: 40 },
  { key: 'solucao', header: 'Solução', type: 'text', width: 30 },
  { key: 'solucaoDescricao', header: 'Descrição da solução', type: 'text', width: 40 },
  { key: 'monitoramento', header: 'Monitoramento (1 tarefas, 2 visitas)', type: 'number', width: 18 },
  { key: 'custo', header: 'Custo', type: 'money', width: 14 },
  { key: 'preco', header: 'Preço', type: 'money', width: 14 },
  { key: 'cargaHoraria', header: 'Carga horária', type: 'number', width: 14 },
  { key: 'tarefa', header: 'Tarefa', type: 'text', width: 30 },
  { key: 'tarefaDescricao', header: 'Descrição da tarefa', type: 'text', width: 40 },
  { key: 'horas', header: 'Horas', type: 'number', width: 10 },
  { key: 'evidencia', header: 'Evidência', type: 'text', width: 30 },
  { key: 'evidenciaDescricao', header: 'Descrição da evidência', type: 'text', width: 40 },
] as const;
export type CatalogueColumnKey = (typeof CATALOGUE_COLUMNS)[number]['key'];
export type CatalogueRow = { [K in CatalogueColumnKey]: string | number | null };

/** The template's example row. */
export const CATALOGUE_EXAMPLE_ROW: CatalogueRow = {
  grupo: 'Ambiente de negócios',
  grupoDescricao: 'Melhoria do ambiente de negócios do município',
  solucao: 'Sala do Empreendedor',
  solucaoDescricao: 'Implantação da Sala do Empreendedor',
  monitoramento: 1,
  custo: 1500,
  preco: 3000,
  cargaHoraria: 40,
  tarefa: 'Diagnóstico inicial',
  tarefaDescricao: 'Levantamento da situação atual',
  horas: 8,
  evidencia: 'Relatório do diagnóstico',
  evidenciaDescricao: 'PDF assinado pelo gestor',
};

export const CATALOGUE_MESSAGES = {
  notXlsx: 'Envie uma planilha do Excel (.xlsx).',
  tooLarge: 'A planilha deve ter no máximo 2 MB.',
  noFile: 'Escolha a planilha a importar.',
  unreadable: 'Não foi possível ler a planilha. Use o modelo de importação.',
  tooMuchContent: 'A planilha tem conteúdo demais para ser lida. Divida-a em planilhas menores.',
  noSheet: `A planilha não tem a aba "${CATALOGUE_SHEET}". Use o modelo de importação.`,
  empty: 'A planilha não tem linhas para importar.',
  tooManyRows: `A planilha deve ter no máximo ${CATALOGUE_MAX_ROWS.toLocaleString('pt-BR')} linhas.`,
  missingColumn: (header: string) => `A planilha não tem a coluna "${header}". Use o modelo de importação.`,
  hasErrors: 'A planilha tem erros: nada foi importado.',
  imported: 'Importação concluída com sucesso.',
} as const;

const counterSchema = z.object({ novos: z.number().int(), alterados: z.number().int(), inalterados: z.number().int() });
export type CatalogueCounter = z.infer<typeof counterSchema>;

/** The answer of an import, previewed (confirmar=false) or done (confirmar=true). */
export const catalogueImportResultSchema = z.object({
  confirmado: z.boolean(),
  linhas: z.number().int(),
  grupos: counterSchema,
  solucoes: counterSchema,
  tarefas: counterSchema,
  evidencias: counterSchema,
  /** Row-level errors ("Linha 7: o nome da solução é obrigatório."); the import writes nothing while any exists. */
  erros: z.array(z.string()),
});
export type CatalogueImportResult = z.infer<typeof catalogueImportResultSchema>;

export const catalogueImportQuerySchema = z.object({
  confirmar: z.enum(['true', 'false'], { error: 'confirmar deve ser true ou false.' }).default('false'),
});

// ---------------------------------------------------------------- parsing the rows (pure)

export type PlannedEvidence = { nome: string; descricao: string };
export type PlannedTask = { nome: string; descricao: string; horas: number; evidencias: PlannedEvidence[] };
export type PlannedSolution = {
  nome: string;
  descricao: string;
  monitoramento: 1 | 2;
  custo: number | null;
  preco: number | null;
  cargaHoraria: number | null;
  tarefas: PlannedTask[];
};
export type PlannedGroup = { nome: string; descricao: string; solucoes: PlannedSolution[] };

export type SheetRow = { rowNumber: number; values: Partial<Record<CatalogueColumnKey, unknown>> };

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value).trim());

function numberOrNull(value: unknown): number | null | 'invalid' {
  if (value === null || value === undefined || text(value) === '') return null;
  const n = typeof value === 'number' ? value : Number(text(value).replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? n : 'invalid';
}

/**
 * Validates the sheet's rows and folds them into groups > solutions > tasks > evidences, keyed by
 * name. Every problem is reported with its row number, in pt-BR; the plan is usable only when
 * `erros` is empty.
 */
export function planCatalogueImport(rows: SheetRow[]): { grupos: PlannedGroup[]; erros: string[] } {
  const erros: string[] = [];
  const groups = new Map<string, PlannedGroup>();
  const solutions = new Map<string, PlannedSolution>();
  const tasks = new Map<string, PlannedTask>();
  const evidences = new Set<string>();
  /** Solutions whose monitoramento came from a filled cell (an empty one means the default, 1). */
  const monitored = new Set<string>();

  for (const { rowNumber, values } of rows) {
    const err = (message: string) => erros.push(`Linha ${rowNumber}: ${message}`);
    const v = Object.fromEntries(Object.entries(values).map(([k, x]) => [k, text(x)])) as Record<CatalogueColumnKey, string>;
    if (Object.values(v).every((x) => !x)) continue; // a blank line in the middle of the sheet
    const before = erros.length;
    const long = (value: string, max: number, what: string) => {
      if (value.length > max) err(`${what} deve ter no máximo ${max} caracteres.`);
    };
    long(v.grupo ?? '', MAX_NAME, 'o nome do grupo');
    long(v.solucao ?? '', MAX_NAME, 'o nome da solução');
    long(v.tarefa ?? '', MAX_NAME, 'o nome da tarefa');
    long(v.evidencia ?? '', MAX_NAME, 'o nome da evidência');
    for (const [key, what] of [
      ['grupoDescricao', 'a descrição do grupo'],
      ['solucaoDescricao', 'a descrição da solução'],
      ['tarefaDescricao', 'a descrição da tarefa'],
      ['evidenciaDescricao', 'a descrição da evidência'],
    ] as const)
      long(v[key] ?? '', MAX_DESCRIPTION, what);

    if (!v.grupo) err('o nome do grupo é obrigatório.');
    if (!v.solucao && (v.tarefa || v.evidencia || v.solucaoDescricao)) err('o nome da solução é obrigatório.');
    if (!v.tarefa && (v.evidencia || v.tarefaDescricao || v.horas)) err('o nome da tarefa é obrigatório.');
    if (!v.evidencia && v.evidenciaDescricao) err('o nome da evidência é obrigatório.');
    const monitoramento = v.monitoramento ? Number(v.monitoramento) : 1;
    if (monitoramento !== 1 && monitoramento !== 2) err('o monitoramento deve ser 1 (tarefas) ou 2 (visitas).');
    const custo = numberOrNull(values.custo);
    const preco = numberOrNull(values.preco);
    const cargaHoraria = numberOrNull(values.cargaHoraria);
    const horas = numberOrNull(values.horas);
    if (custo === 'invalid') err('o custo deve ser um número não negativo.');
    if (preco === 'invalid') err('o preço deve ser um número não negativo.');
    if (cargaHoraria === 'invalid') err('a carga horária deve ser um número não negativo.');
    if (horas === 'invalid') err('as horas devem ser um número não negativo.');
    if (erros.length > before) continue;

    let group = groups.get(v.grupo);
    if (!group) groups.set(v.grupo, (group = { nome: v.grupo, descricao: v.grupoDescricao, solucoes: [] }));
    else if (!group.descricao) group.descricao = v.grupoDescricao;
    if (!v.solucao) continue;

    const solutionKey = `${v.grupo}\u0000${v.solucao}`;
    let solution = solutions.get(solutionKey);
    const fields = {
      descricao: v.solucaoDescricao,
      monitoramento: monitoramento as 1 | 2,
      custo: custo as number | null,
      preco: preco as number | null,
      cargaHoraria: cargaHoraria as number | null,
    };
    if (!solution) {
      solution = { nome: v.solucao, ...fields, tarefas: [] };
      solutions.set(solutionKey, solution);
      group.solucoes.push(solution);
    } else {
      // The first row that fills a field gives its value.
      if (!solution.descricao) solution.descricao = fields.descricao;
      if (v.monitoramento && !monitored.has(solutionKey)) solution.monitoramento = fields.monitoramento;
      solution.custo ??= fields.custo;
      solution.preco ??= fields.preco;
      solution.cargaHoraria ??= fields.cargaHoraria;
    }
    if (v.monitoramento) monitored.add(solutionKey);
    if (!v.tarefa) continue;

    const taskKey = `${solutionKey}\u0000${v.tarefa}`;
    let task = tasks.get(taskKey);
    if (!task) {
      task = { nome: v.tarefa, descricao: v.tarefaDescricao, horas: (horas as number | null) ?? 0, evidencias: [] };
      tasks.set(taskKey, task);
      solution.tarefas.push(task);
    } else {
      if (!task.descricao) task.descricao = v.tarefaDescricao;
      if (task.horas === 0 && typeof horas === 'number') task.horas = horas;
    }
    if (!v.evidencia) continue;
    const evidenceKey = `${taskKey}\u0000${v.evidencia}`;
    if (evidences.has(evidenceKey)) {
      err(`a evidência "${v.evidencia}" já aparece em outra linha desta tarefa.`);
      continue;
    }
    evidences.add(evidenceKey);
    task.evidencias.push({ nome: v.evidencia, descricao: v.evidenciaDescricao });
  }
  if (groups.size === 0 && erros.length === 0) erros.push(CATALOGUE_MESSAGES.empty);
  return { grupos: [...groups.values()], erros };
}

/** Flattens groups (as the export reads them) into the sheet's rows: the inverse of planCatalogueImport. */
export function catalogueRows(groups: PlannedGroup[]): CatalogueRow[] {
  const rows: CatalogueRow[] = [];
  const empty = { solucao: null, solucaoDescricao: null, monitoramento: null, custo: null, preco: null, cargaHoraria: null };
  const noTask = { tarefa: null, tarefaDescricao: null, horas: null };
  const noEvidence = { evidencia: null, evidenciaDescricao: null };
  for (const g of groups) {
    const group = { grupo: g.nome, grupoDescricao: g.descricao || null };
    if (g.solucoes.length === 0) rows.push({ ...group, ...empty, ...noTask, ...noEvidence });
    for (const s of g.solucoes) {
      const solution = {
        solucao: s.nome,
        solucaoDescricao: s.descricao || null,
        monitoramento: s.monitoramento,
        custo: s.custo,
        preco: s.preco,
        cargaHoraria: s.cargaHoraria,
      };
      if (s.tarefas.length === 0) rows.push({ ...group, ...solution, ...noTask, ...noEvidence });
      for (const t of s.tarefas) {
        const task = { tarefa: t.nome, tarefaDescricao: t.descricao || null, horas: t.horas };
        if (t.evidencias.length === 0) rows.push({ ...group, ...solution, ...task, ...noEvidence });
        for (const e of t.evidencias)
          rows.push({ ...group, ...solution, ...task, evidencia: e.nome, evidenciaDescricao: e.descricao || null });
      }
    }
  }
  return rows;
}
