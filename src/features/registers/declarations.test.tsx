// @vitest-environment happy-dom
import { pathOf } from '../../contract/endpoint.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FLAG_KEYS } from '../../domain/permission-flags.ts';
import { vocabularyFor } from '../../domain/vocabulary.ts';
import type { RegisterDeclaration } from './pattern/declaration.ts';
import { emptyTextOf, titleOf } from './pattern/wording.ts';

/**
 * Every register declaration (issue 17), checked against its own schemas: what the table shows
 * exists in the row, what the form edits exists in the domain schema, and every required field of
 * the schema has a field, so no register can ship a column or a form the API does not back.
 */
const modules = import.meta.glob<Record<string, unknown>>('./*/declaration.tsx', { eager: true });

function isDeclaration(value: unknown): value is RegisterDeclaration<unknown> {
  return typeof value === 'object' && value !== null && 'key' in value && 'columns' in value && 'row' in value && 'api' in value;
}

const declarations = Object.entries(modules).flatMap(([file, exports]) =>
  Object.values(exports)
    .filter(isDeclaration)
    .map((d) => ({ file, d })),
);

const shapeOf = (schema: unknown): Record<string, z.ZodType> | null =>
  schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : null;

describe('register declarations', () => {
  it('are found, with unique keys', () => {
    expect(declarations.length).toBeGreaterThanOrEqual(5);
    const keys = declarations.map(({ d }) => d.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  for (const { file, d } of declarations) {
    describe(`${d.key} (${file})`, () => {
      const words = vocabularyFor('default');

      it('names a real menu flag and says "Nenhum/Nenhuma …" when empty', () => {
        expect(FLAG_KEYS).toContain(d.flag);
        expect(emptyTextOf(d, words)).toMatch(/^Nenhum(a)? /);
        expect(titleOf(d, words).length).toBeGreaterThan(0);
      });

      it('shows only columns its row has, one of them the row header', () => {
        const columns = d.columns(words);
        expect(new Set(columns.map((c) => c.key)).size).toBe(columns.length);
        expect(columns.filter((c) => c.rowHeader)).toHaveLength(1);
        const row = shapeOf(d.row);
        if (row) for (const c of columns) if (!c.value && !c.cell) expect(Object.keys(row), `coluna ${c.key}`).toContain(c.key);
      });

      it('edits only fields of its domain schema, and has a field for each required one', () => {
        if (!d.form) return;
        const shape = shapeOf(d.form.schema)!;
        const names = d.form.fields.map((f) => f.name);
        for (const name of names) expect(Object.keys(shape), `campo ${name}`).toContain(name);
        for (const [key, schema] of Object.entries(shape)) {
          const optional = schema.safeParse(undefined).success;
          if (!optional) expect(names, `campo obrigatório ${key}`).toContain(key);
        }
        // A new record's empty form is refused with messages, never accepted or thrown on.
        const empty = d.form.schema.safeParse(d.form.initial(null));
        expect(empty.success, 'formulário vazio aceito').toBe(false);
        expect(empty.error?.issues.length).toBeGreaterThan(0);
        for (const issue of empty.error?.issues ?? [])
          expect(issue.message.trim().length, `mensagem de ${issue.path.join('.')}`).toBeGreaterThan(0);
      });

      it('can create, edit and delete through the paths it declares', () => {
        if (d.form) expect(d.api.create ?? d.api.update).toBeTruthy();
        if (d.deletable !== false && d.api.remove) expect(pathOf(d.api.remove, { id: 7 })).toMatch(/7$/);
        expect(d.idKey.length).toBeGreaterThan(0);
      });
    });
  }
});

describe('register wording follows the variant', () => {
  it('a question is "a pergunta" by default and "o critério" in the Sala, in the toasts too', async () => {
    const { questionRegister } = await import('./questions/declaration.tsx');
    const { genderOf, nounOf, savedMessage } = await import('./pattern/wording.ts');
    const sala = vocabularyFor('sala');
    const standard = vocabularyFor('default');
    expect(savedMessage(nounOf(questionRegister, standard), genderOf(questionRegister, standard), true)).toBe(
      'Pergunta cadastrada com sucesso',
    );
    expect(savedMessage(nounOf(questionRegister, sala), genderOf(questionRegister, sala), false)).toBe('Critério atualizado com sucesso');
  });
});
