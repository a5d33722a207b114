import { describe, expect, it } from 'vitest';
import { VARIANTS, VARIANT_IDS } from './variants.ts';
import { emptyText, vocabulary, vocabularyFor, vocabularyMode } from './vocabulary.ts';

const v = {
  default: vocabulary(VARIANTS['cidade-empreendedora']),
  at: vocabulary(VARIANTS.at),
  gov: vocabulary(VARIANTS.gov),
  sala: vocabulary(VARIANTS.sala),
  parceiro: vocabulary(VARIANTS.parceiro),
};

describe('vocabulary mode', () => {
  it('follows the variant: AT, Gov, Sala and Partner have their own words, the rest the default', () => {
    const modes = Object.fromEntries(VARIANT_IDS.map((id) => [id, vocabularyMode(VARIANTS[id].mode)]));
    expect(modes).toEqual({
      'cidade-empreendedora': 'default',
      'desenvolvimento-territorial': 'default',
      at: 'at',
      gov: 'gov',
      turismo: 'default',
      'educacao-empreendedora': 'default',
      parceiro: 'parceiro',
      sala: 'sala',
      'sao-paulo': 'default',
    });
    expect(vocabulary(VARIANTS.turismo)).toBe(vocabularyFor('default'));
  });
});

describe('the spec §1 table', () => {
  it('solution: Solução / Iniciativa / Fase', () => {
    expect([
      v.default.solution.singular,
      v.at.solution.singular,
      v.gov.solution.singular,
      v.sala.solution.singular,
      v.parceiro.solution.singular,
    ]).toEqual(['Solução', 'Iniciativa', 'Fase', 'Solução', 'Solução']);
    expect(v.default.solution.plural).toBe('Soluções');
  });

  it('task: Tarefa / Atividade, and the Sala calls its questions Critérios', () => {
    expect([v.default.task.plural, v.at.task.plural, v.gov.task.plural]).toEqual(['Tarefas', 'Atividades', 'Atividades']);
    expect(v.sala.question).toEqual({ singular: 'Critério', plural: 'Critérios', gender: 'm' });
    expect(v.default.question.singular).toBe('Pergunta');
  });

  it('municipality: Município / Projeto / Sala / Parceiro', () => {
    expect([v.default, v.at, v.gov, v.sala, v.parceiro].map((x) => x.municipality.singular)).toEqual([
      'Município',
      'Município',
      'Projeto',
      'Sala',
      'Parceiro',
    ]);
    expect(v.sala.municipality.plural).toBe('Salas');
  });

  it('axis: Eixo / Pilar; meetings: Encontros / Agendas', () => {
    expect([v.default.axis.plural, v.sala.axis.plural, v.gov.axis.plural]).toEqual(['Eixos', 'Pilares', 'Eixos']);
    expect([v.default.meeting.plural, v.at.meeting.plural, v.gov.meeting.plural]).toEqual(['Encontros', 'Agendas', 'Encontros']);
  });
});

describe('derived labels', () => {
  it('labels the city tabs by mode', () => {
    expect([v.default.cityTabs.termoReferencia, v.gov.cityTabs.termoReferencia]).toEqual(['Termo de Referência', 'Fases/Atividades']);
    expect([v.default.cityTabs.grupo, v.at.cityTabs.grupo, v.gov.cityTabs.grupo, v.sala.cityTabs.grupo]).toEqual([
      'Grupos',
      'Grupos/Iniciativas',
      'Etapas/Grupos',
      'Grupos',
    ]);
    expect([v.default.cityTabs.evento, v.at.cityTabs.evento]).toEqual(['Calendário', 'Agenda']);
  });

  it('renames the menu: Gestão de Projetos in Gov, Agendas in AT', () => {
    expect(v.default.menu).toMatchObject({
      gestaoMunicipios: 'Gestão de Municípios',
      encontros: 'Encontros',
      meusEncontros: 'Meus Encontros',
    });
    expect(v.gov.menu.gestaoMunicipios).toBe('Gestão de Projetos');
    expect(v.gov.menu.municipiosEixos).toBe('Projetos Eixos');
    expect(v.at.menu).toMatchObject({
      encontros: 'Agendas',
      meusEncontros: 'Minhas Agendas',
      projetosSolucoes: 'Projetos e Iniciativas',
      tipoSolucao: 'Tipo Iniciativa',
    });
    expect(v.sala.menu).toMatchObject({ gestaoMunicipios: 'Gestão de Salas', eixos: 'Pilares', perguntas: 'Critérios' });
    expect(v.parceiro.menu.gestaoMunicipios).toBe('Gestão de Parceiros');
  });

  it('uses Iniciativas/Atividades breadcrumbs in AT and Fases/Atividades in Gov', () => {
    expect(v.default.breadcrumbs).toEqual({
      solutionGroups: 'Grupos de Soluções',
      solutions: 'Soluções',
      tasks: 'Tarefas',
      evidences: 'Evidências',
    });
    expect(v.at.breadcrumbs).toEqual({
      solutionGroups: 'Grupos de Iniciativas',
      solutions: 'Iniciativas',
      tasks: 'Atividades',
      evidences: 'Evidências',
    });
    expect(v.gov.breadcrumbs).toEqual({
      solutionGroups: 'Grupos de Fases',
      solutions: 'Fases',
      tasks: 'Atividades',
      evidences: 'Evidências',
    });
    // The Sala and the partner keep the default words (spec §1 has a dash there).
    expect(v.sala.breadcrumbs).toEqual(v.default.breadcrumbs);
  });

  it('names the disabled solution after the mode', () => {
    expect([v.default.solutionDisabled, v.at.solutionDisabled, v.gov.solutionDisabled]).toEqual([
      'Solução Desabilitada',
      'Iniciativa Desabilitada',
      'Fase Desabilitada',
    ]);
  });

  it('writes empty-list texts with the right article and agreement', () => {
    expect(v.default.empty.municipalities).toBe('Nenhum Município retornado');
    expect(v.gov.empty.municipalities).toBe('Nenhum Projeto retornado');
    expect(v.sala.empty.municipalities).toBe('Nenhuma Sala retornada');
    expect(v.parceiro.empty.municipalities).toBe('Nenhum Parceiro retornado');
    expect(v.default.empty.questions).toBe('Nenhuma pergunta retornada');
    expect(v.sala.empty.questions).toBe('Nenhum Critério retornado');
    expect(v.sala.empty.axes).toBe('Nenhum Pilar retornado');
    expect(v.at.empty.meetings).toBe('Nenhuma Agenda retornada');
    expect(v.default.empty).toMatchObject({
      themes: 'Nenhum Tema retornado',
      followUps: 'Nenhum acompanhamento retornado',
      evidences: 'Nenhuma evidência retornada',
      institutions: 'Nenhuma Instituição retornada',
    });
    expect(emptyText({ singular: 'UR', gender: 'f' })).toBe('Nenhuma UR retornada');
  });

  it('is shared and frozen, so no caller can rename a word for the others', () => {
    expect(Object.isFrozen(v.at)).toBe(true);
    expect(Object.isFrozen(v.at.menu)).toBe(true);
    expect(Object.isFrozen(v.at.solution)).toBe(true);
  });
});
