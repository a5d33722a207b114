// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { cellText } from '../../ui/data-table.tsx';
import { vocabularyFor } from '../../domain/vocabulary.ts';
import { actorRegister } from './actors/declaration.tsx';
import { categoryRegister } from './categories/declaration.tsx';
import { contractRegister } from './contracts/declaration.tsx';
import { institutionRegister } from './institutions/declaration.tsx';
import { jobRoleRegister } from './job-roles/declaration.tsx';
import { regionalUnitRegister } from './regional-units/declaration.tsx';
import { schoolRegister } from './schools/declaration.tsx';

const words = vocabularyFor('default');

/** The institutions and territory declarations (issue 17): what their lists show and which API they read. */
describe('institutions and territory register declarations', () => {
  it('each declares its menu flag, empty text and the form fields its domain schema knows', () => {
    const all = [
      institutionRegister,
      regionalUnitRegister,
      categoryRegister,
      contractRegister,
      schoolRegister,
      jobRoleRegister,
      actorRegister,
    ];
    expect(all.map((d) => d.flag)).toEqual([
      'menuInstituicao',
      'menuUnidadesRegionais',
      'menuCategorias',
      'menuContratos',
      'menuEducacaoEmpreendedora',
      'menuUsuarios',
      'menuGestaoCadastros',
    ]);
    expect(institutionRegister.emptyText).toBe('Nenhuma Instituição retornada');
    expect(regionalUnitRegister.emptyText).toBe('Nenhuma UR retornada');
    expect(categoryRegister.emptyText).toBe('Nenhuma Categoria retornada');
    for (const d of all) {
      const shape = Object.keys(d.form!.schema.shape);
      for (const field of d.form!.fields) expect(shape).toContain(field.name);
    }
  });

  it('regional units are read by the UF chosen, the institutions through the filter search', () => {
    const list = regionalUnitRegister.api.list as (filters: Record<string, unknown>) => string;
    expect(list({ uf: 'MS' })).toBe('UnidadeRegional/obter-por-uf/MS');
    expect(list({ uf: '' })).toMatch(/^UnidadeRegional\/obter-por-uf\/[A-Z]{2}$/);
    expect(institutionRegister.api.list).toEqual({ path: 'govInstituicao/obter-instituicoes-por-filtro', body: {} });
  });

  it('a contract shows its dates as DD/MM/AAAA and its state in words; an institution its municipalities', () => {
    const contract = {
      contratoId: 1,
      usuarioId: 2,
      usuarioNome: 'Ana',
      numContrato: 'SC-1',
      qtdEntregasPrevistas: 3,
      inicio: '2025-03-01',
      fim: '2026-02-28',
      ativo: false,
    };
    const columns = contractRegister.columns(words);
    const text = (key: string) =>
      cellText(
        columns.find((c) => c.key === key)!,
        contract,
      );
    expect([text('inicio'), text('fim'), text('ativo')]).toEqual(['01/03/2025', '28/02/2026', 'Inativo']);
    const institution = {
      instituicaoId: 1,
      nome: 'Sebrae/SC',
      sigla: 'SEBRAE',
      municipioIds: [1, 2],
      municipioNomes: ['Blumenau', 'Lages'],
    };
    const municipios = institutionRegister.columns(words).find((c) => c.key === 'municipios')!;
    expect(cellText(municipios, institution)).toBe('Blumenau, Lages');
  });
});
