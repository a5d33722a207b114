import { describe, expect, it } from 'vitest';
import { loadPdfFonts } from '../../server/lib/pdf-fonts.ts';
import type { ActionPlan } from '../../src/domain/followups.ts';
import { vocabularyFor } from '../../src/domain/vocabulary.ts';
import { actionPlanFileName, buildActionPlanPdf as build, type ActionPlanPdfOptions } from '../../src/features/action-plan/pdf.ts';
import { actionPlanWords, themesWithNaoAnswers } from '../../src/features/action-plan/plan-logic.ts';
import { readPdf } from '../../src/features/followups/testing/pdf-text.ts';

/** The fonts as the server reads them; the client fetches the same files (src/lib/pdf-fonts.ts). */
const fonts = await loadPdfFonts();
const buildActionPlanPdf = (plan: ActionPlan, options: Omit<ActionPlanPdfOptions, 'fonts'>) => build(plan, { ...options, fonts });

/** The PDF's text lines, in order, as a reader would copy them. */
const pdfText = (raw: string): string[] => readPdf(raw).lines;

const defaultWords = actionPlanWords(vocabularyFor('default'));

const plan: ActionPlan = {
  municipioId: 1,
  acompanhamentos: [
    { acompanhamentoId: 10, nome: 'Educação', criacao: '2026-03-01T12:00:00.000Z' },
    { acompanhamentoId: 11, nome: 'Turismo', criacao: '2026-04-15T12:00:00.000Z' },
  ],
  temas: [
    {
      temaId: 1,
      nome: 'Educação Empreendedora',
      eixoId: 2,
      eixoNome: 'Empreendedorismo na Escola',
      perguntas: [
        { perguntaId: 9, numero: 12, texto: 'A escola oferece oficinas?', comentario: 'Sem verba (2026) — “urgente”' },
        { perguntaId: 8, numero: 3, texto: 'Existe um plano municipal?', comentario: null },
      ],
      solucoes: [
        {
          municipioSolucaoId: 5,
          nome: 'Programa Jovem Empreendedor',
          tarefas: [{ municipioTarefaId: 7, nome: 'Capacitar professores', horas: 4.5 }],
        },
      ],
    },
    { temaId: 2, nome: 'Tema sem Não', eixoId: 3, eixoNome: 'Turismo', perguntas: [], solucoes: [] },
    {
      temaId: 3,
      nome: 'Turismo Rural',
      eixoId: 3,
      eixoNome: 'Turismo',
      perguntas: [{ perguntaId: 20, numero: 40, texto: 'Há roteiros mapeados?', comentario: null }],
      solucoes: [],
    },
  ],
};

describe('buildActionPlanPdf', () => {
  it('lists the follow-ups, then each theme with its Não questions by number and its solutions and tasks', () => {
    const doc = buildActionPlanPdf(plan, { municipio: 'Florianópolis', words: defaultWords });
    const text = pdfText(doc.output());
    const at = (s: string) => text.findIndex((line) => line.includes(s));

    expect(text[0]).toBe('Plano de ação - Florianópolis');
    expect(at('- Educação (01/03/2026)')).toBeGreaterThan(0);
    expect(at('- Turismo (15/04/2026)')).toBeGreaterThan(0);
    expect(text).toContain('Educação Empreendedora');
    expect(text).toContain('Eixo: Empreendedorismo na Escola');
    // By number within the theme, whatever order the server sent.
    expect(at('3. Existe um plano municipal?')).toBeLessThan(at('12. A escola oferece oficinas?'));
    expect(text).toContain('Comentário: Sem verba (2026) — “urgente”');
    expect(text).toContain('Soluções e Tarefas');
    expect(at('Programa Jovem Empreendedor')).toBeLessThan(at('- Capacitar professores (4,5 h)'));
    // A theme without Não answers is left out; one without solutions says so.
    expect(at('Tema sem Não')).toBe(-1);
    expect(at('40. Há roteiros mapeados?')).toBeGreaterThan(at('Turismo Rural'));
    expect(at('Nenhuma Solução retornada')).toBeGreaterThan(at('40. Há roteiros mapeados?'));
    expect(text.at(-1)).toBe('Página 1 de 1');
    expect(doc.internal.pageSize.getWidth()).toBeLessThan(doc.internal.pageSize.getHeight());
  });

  it('says so when no question was answered Não', () => {
    const doc = buildActionPlanPdf({ ...plan, temas: [] }, { municipio: 'Joinville', words: defaultWords });
    expect(pdfText(doc.output())).toContain('Nenhuma pergunta respondida com Não nos acompanhamentos selecionados.');
  });

  it('paginates a long plan and numbers every page', () => {
    const perguntas = Array.from({ length: 120 }, (_, i) => ({
      perguntaId: i + 1,
      numero: i + 1,
      texto: `Pergunta ${i + 1} com um texto longo o bastante para ocupar mais de uma linha na página do plano de ação impresso.`,
      comentario: i % 3 === 0 ? 'Comentário do município.' : null,
    }));
    const doc = buildActionPlanPdf({ ...plan, temas: [{ ...plan.temas[0]!, perguntas }] }, { municipio: 'Lages', words: defaultWords });
    const pages = doc.getNumberOfPages();
    expect(pages).toBeGreaterThan(3);
    const text = pdfText(doc.output());
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect(text.some((line) => line.startsWith('120. Pergunta 120'))).toBe(true);
  });

  it('uses the variant words: Pilar, Iniciativas e Atividades', () => {
    const sala = actionPlanWords(vocabularyFor('sala'));
    const at = actionPlanWords(vocabularyFor('at'));
    expect(pdfText(buildActionPlanPdf(plan, { municipio: 'Sala X', words: sala }).output())).toContain('Pilar: Turismo');
    const atText = pdfText(buildActionPlanPdf(plan, { municipio: 'Chapecó', words: at }).output());
    expect(atText).toContain('Iniciativas e Atividades');
    expect(atText).toContain('Nenhuma Iniciativa retornada');
  });
});

describe('action plan PDF text', () => {
  it('prints any text a person typed as typed: symbols, other scripts, emoji, typographic punctuation', () => {
    const typed = '≥ ✓ Ω ő 😀 ção – “já”…';
    const theme = { ...plan.temas[0]!, perguntas: [{ perguntaId: 9, numero: 12, texto: 'A escola oferece oficinas?', comentario: typed }] };
    const raw = buildActionPlanPdf({ ...plan, temas: [theme] }, { municipio: 'Florianópolis', words: defaultWords }).output();
    expect(pdfText(raw)).toContain(`Comentário: ${typed}`);
    expect(/\) Tj/.test(raw), 'no text in a standard (Windows-1252) font').toBe(false);
    expect(raw.includes('/Lang (pt-BR)')).toBe(true);
  });
});

describe('plan helpers', () => {
  it('names the file after the municipality', () => {
    expect(actionPlanFileName('São José dos Pinhais')).toBe('plano-de-acao-sao-jose-dos-pinhais.pdf');
    expect(actionPlanFileName('')).toBe('plano-de-acao.pdf');
  });

  it('lists only themes with a Não answer', () => {
    expect(themesWithNaoAnswers(plan).map((t) => t.temaId)).toEqual([1, 3]);
  });
});
