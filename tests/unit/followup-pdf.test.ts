import { describe, expect, it } from 'vitest';
import { loadPdfFonts } from '../../server/lib/pdf-fonts.ts';
import { applyAnswers } from '../../src/domain/followups.ts';
import { buildFollowupPdf as build, type FollowupPdfInput } from '../../src/features/followups/pdf.ts';
import { readPdf } from '../../src/features/followups/testing/pdf-text.ts';
import { followupFixture } from '../../src/offline/testing/followup-fixture.ts';

/** The fonts as the server reads them; the client fetches the same files (src/lib/pdf-fonts.ts). */
const fonts = await loadPdfFonts();
const buildFollowupPdf = (input: Omit<FollowupPdfInput, 'fonts'>) => build({ ...input, fonts });
/** What a person may type: symbols, Greek, Hungarian, an emoji, Portuguese. */
const TYPED = '≥ ✓ Ω ő 😀 ção';

function answered(count: number) {
  const base = followupFixture(9, 4, count);
  return applyAnswers(base, [
    { acompanhamentoPerguntaId: 9001, resposta: true, comentario: 'Decreto publicado em março (ver Diário Oficial).' },
    { acompanhamentoPerguntaId: 9002, resposta: false },
  ]).followup;
}

describe('follow-up PDF', () => {
  it('is landscape in points, with the municipality, theme, date, each answer and comment, and the points when allowed', () => {
    const pdf = readPdf(buildFollowupPdf({ municipio: 'São José', followup: answered(3), showPoints: true, groupLabel: 'Tema' }).output());
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]!.width).toBeGreaterThan(pdf.pages[0]!.height);
    expect(pdf.pages[0]!.width).toBeCloseTo(841.89, 1);
    expect(pdf.lines.slice(0, 6)).toEqual([
      'Acompanhamento: Compras Públicas',
      'Município: São José',
      'Tema: Compras Públicas',
      'Criado em: 10/03/2026',
      'Situação: Não finalizado',
      'Sim: 1 · Não: 1 · Sem resposta: 1 · Pontos: 2',
    ]);
    expect(pdf.lines).toContain('1. Pergunta 1: o município mantém a ação 1 em funcionamento?');
    expect(pdf.lines).toContain('Resposta: Sim · Pontos: 2 de 2');
    expect(pdf.lines).toContain('Comentário: Decreto publicado em março (ver Diário Oficial).');
    expect(pdf.lines).toContain('Resposta: Não · Pontos: 0 de 2');
    expect(pdf.lines).toContain('Resposta: Sem resposta · Pontos: 0 de 2');
    // Grouped by theme in order of their first number.
    expect(pdf.lines.filter((l) => l.startsWith('Tema: ')).slice(1)).toEqual(['Tema: Compras Públicas', 'Tema: Desburocratização']);
  });

  it('leaves every points figure out for a user who may not see points', () => {
    const pdf = readPdf(
      buildFollowupPdf({ municipio: 'São José', followup: answered(3), showPoints: false, groupLabel: 'Pilar' }).output(),
    );
    expect(pdf.lines.some((l) => l.includes('Pontos'))).toBe(false);
    expect(pdf.lines).toContain('Resposta: Sim');
    expect(pdf.lines).toContain('Pilar: Compras Públicas');
  });

  it('wraps long texts inside the page and continues on new pages, numbered, without losing a question', () => {
    const followup = answered(120);
    followup.perguntas[0]!.comentario = 'Texto longo do comentário. '.repeat(30).trim();
    const pdf = readPdf(buildFollowupPdf({ municipio: 'São José', followup, showPoints: true, groupLabel: 'Tema' }).output());
    expect(pdf.pages.length).toBeGreaterThan(3);
    expect(pdf.pages.every((p) => p.width > p.height)).toBe(true);
    for (let n = 1; n <= 120; n++) expect(pdf.lines).toContain(`${n}. Pergunta ${n}: o município mantém a ação ${n} em funcionamento?`);
    // The comment came out in several lines, none wider than the page allows (about 130 characters at 10 pt).
    const comment = pdf.lines.filter((l) => l.includes('Texto longo'));
    expect(comment.length).toBeGreaterThan(2);
    expect(Math.max(...comment.map((l) => l.length))).toBeLessThan(170);
    expect(pdf.lines.at(-1)).toBe(`São José · Compras Públicas · Página ${pdf.pages.length} de ${pdf.pages.length}`);
  });

  it('prints any text a person typed as typed, in embedded fonts, and names its title and language', () => {
    const followup = answered(3);
    followup.perguntas[0]!.comentario = `Comentário ${TYPED}`;
    followup.nome = `Ação ✓ 😀`;
    const raw = buildFollowupPdf({ municipio: 'São José', followup, showPoints: true, groupLabel: 'Tema' }).output();
    const pdf = readPdf(raw);
    expect(pdf.lines).toContain(`Comentário: Comentário ${TYPED}`);
    expect(pdf.lines[0]).toBe('Acompanhamento: Ação ✓ 😀');
    expect(pdf.lines.at(-1)).toBe('São José · Ação ✓ 😀 · Página 1 de 1');
    // The fonts travel inside the file, subset to the glyphs used (each whole file is 0.7-0.9 MB).
    // (Booleans: a failure must not print the whole file.)
    expect(/\/FontFile2 \d+ 0 R/.test(raw)).toBe(true);
    expect(/\) Tj/.test(raw), 'no text in a standard (Windows-1252) font').toBe(false);
    expect(raw.length).toBeLessThan(600_000);
    expect(raw.includes('/Lang (pt-BR)')).toBe(true);
    expect(raw.includes('/Title (')).toBe(true);
    expect(/\/DisplayDocTitle true/.test(raw)).toBe(true);
  });

  it('prints a character no embedded font has as "�" and keeps the rest of the line', () => {
    const followup = answered(3);
    followup.perguntas[0]!.comentario = 'Antes 中文 depois';
    const pdf = readPdf(buildFollowupPdf({ municipio: 'São José', followup, showPoints: true, groupLabel: 'Tema' }).output());
    expect(pdf.lines).toContain('Comentário: Antes �� depois');
  });
});
