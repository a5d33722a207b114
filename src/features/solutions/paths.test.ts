import { describe, expect, it } from 'vitest';
import { vocabularyFor } from '../../domain/vocabulary.ts';
import { catalogueHref, catalogueTrail } from './paths.ts';
import { catalogueWording } from './wording.ts';

const ids = { projetoId: 1, grupoSolucaoId: 2, solucaoId: 3, tarefaId: 4 };

describe('catalogue trail', () => {
  it('links every level above the current one, in the default words', () => {
    expect(catalogueTrail('evidences', ids, vocabularyFor('default'))).toEqual([
      { label: 'Gestão de Projetos', href: '/projeto', current: false },
      { label: 'Grupos de Soluções', href: '/projeto/1/grupos', current: false },
      { label: 'Soluções', href: '/projeto/1/grupos/2/solucoes', current: false },
      { label: 'Tarefas', href: '/projeto/1/grupos/2/solucoes/3/tarefas', current: false },
      { label: 'Evidências', href: '/projeto/1/grupos/2/solucoes/3/tarefas/4/evidencias', current: true },
    ]);
    expect(catalogueTrail('groups', { projetoId: 1 }, vocabularyFor('default')).map((c) => c.label)).toEqual([
      'Gestão de Projetos',
      'Grupos de Soluções',
    ]);
  });

  it('renames the levels by variant', () => {
    const labels = (mode: 'at' | 'gov') => catalogueTrail('evidences', ids, vocabularyFor(mode)).map((c) => c.label);
    expect(labels('at')).toEqual(['Gestão de Projetos', 'Grupos de Iniciativas', 'Iniciativas', 'Atividades', 'Evidências']);
    expect(labels('gov')).toEqual(['Gestão de Projetos', 'Grupos de Fases', 'Fases', 'Atividades', 'Evidências']);
  });

  it('builds each level from the ids above it', () => {
    expect(catalogueHref.tasks(ids)).toBe('/projeto/1/grupos/2/solucoes/3/tarefas');
  });
});

describe('catalogue wording', () => {
  it("keeps the spec's texts in the default variant", () => {
    const w = catalogueWording(vocabularyFor('default'));
    expect(w.solutionCreated).toBe('Solução incluída com sucesso');
    expect(w.groupCreated).toBe('Grupo de Solução incluído com sucesso');
    expect(w.groupCreateError).toBe('Erro ao incluir grupo solução');
    expect(w.groupDeleteQuestion).toBe('Confirma que deseja deletar o Grupo de Solução?');
    expect(w.taskCreated).toBe('Tarefa incluída com sucesso');
  });

  it('says the same in the AT and Gov words, agreeing in gender', () => {
    const at = catalogueWording(vocabularyFor('at'));
    expect(at.solutionCreated).toBe('Iniciativa incluída com sucesso');
    expect(at.groupDeleteQuestion).toBe('Confirma que deseja deletar o Grupo de Iniciativa?');
    expect(at.taskCreated).toBe('Atividade incluída com sucesso');
    const gov = catalogueWording(vocabularyFor('gov'));
    expect(gov.groupCreated).toBe('Grupo de Fase incluído com sucesso');
    expect(gov.disabledInstead({ singular: 'Fase', gender: 'f' })).toBe('Fase desabilitada em vez de excluída: já está em uso.');
    expect(gov.disabledInstead({ singular: 'Grupo de Fase', gender: 'm' })).toBe(
      'Grupo de Fase desabilitado em vez de excluído: já está em uso.',
    );
  });
});
