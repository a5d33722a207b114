import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { declaredRoutes } from '../../scripts/build/route-preload.ts';

/**
 * Issue 32, item 3: the build reads each signed-in route's pattern and the modules its screen and
 * loader import from the features' route files, so the document of a field page names them.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const routes = declaredRoutes(root);
const route = (pattern: string) => routes.find((r) => r.pattern === pattern);
const relative = (modules: string[] | undefined) => (modules ?? []).map((m) => path.relative(root, m).split(path.sep).join('/'));

describe('declaredRoutes (scripts/build/route-preload.ts)', () => {
  it("reads the field pages' patterns, their screens and their loaders' data modules", () => {
    expect(route('/cidade')).toEqual({
      pattern: '/cidade',
      layout: false,
      modules: expect.any(Array),
    });
    expect(relative(route('/cidade')?.modules)).toEqual([
      'src/entities/municipality/lists.ts',
      'src/features/municipalities/screens/city-list.tsx',
    ]);
    // The city layout matches every path below it.
    expect(route('/cidade/:id')?.layout).toBe(true);
    expect(relative(route('/cidade/:id')?.modules)).toEqual([
      'src/entities/municipality/data.ts',
      'src/features/municipalities/screens/city-detail-layout.tsx',
    ]);
    expect(relative(route('/cidade/:id/relatorio/inserir')?.modules)).toEqual(['src/features/field-reports/screens/report-create.tsx']);
    expect(relative(route('/cidade/:id/acompanhamento/obter/:acompanhamento')?.modules)).toEqual([
      'src/entities/followups/data.ts',
      'src/features/followups/screens/followup-answer.tsx',
    ]);
    expect(relative(route('/cidade/:id/evidencia/:tipoEvidencia')?.modules)).toEqual([
      'src/domain/evidence.ts',
      'src/entities/evidence/data.ts',
      'src/features/evidence/screens/evidence-tab.tsx',
    ]);
  });

  it('follows a lazy declared once and shared by two paths', () => {
    for (const pattern of ['/cidade/:id/acompanhamento', '/cidade/:id/acompanhamentos']) {
      expect(relative(route(pattern)?.modules), pattern).toEqual(['src/features/followups/screens/followup-list.tsx']);
    }
  });

  it('lists signed-in routes only, each pattern once, every module a file of the app', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(new Set(routes.map((r) => r.pattern)).size).toBe(routes.length);
    expect(route('/auth/login')).toBeUndefined();
    expect(route('/obter_publico/:codigo')).toBeUndefined();
    for (const r of routes) {
      expect(r.pattern.startsWith('/'), r.pattern).toBe(true);
      for (const module of relative(r.modules)) expect(module, r.pattern).toMatch(/^src\/.+\.tsx?$/);
    }
  });
});
