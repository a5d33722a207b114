import type { MunicipalityAxis, MunicipalityTheme } from '../../../domain/register-axes.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { ChecklistScreen, type ChecklistConfig } from './checklist-screen.tsx';
import { municipalityAxesData } from './data.ts';

const words = currentVocabulary();

/** /municipioEixo (spec §7 api/MunicipiosEixos): the non-national axes a municipality works on; the national ones always. */
const axesConfig: ChecklistConfig<MunicipalityAxis> = {
  flag: 'menuMunicipiosEixos',
  title: words.menu.municipiosEixos,
  checkHeader: 'Trabalha',
  emptyText: words.empty.axes,
  loadError: `Erro ao obter ${words.axis.plural}`,
  columns: [
    { key: 'nome', header: words.axis.singular, rowHeader: true, truncate: 50 },
    { key: 'nacional', header: 'Nacional', width: '8rem' },
  ],
  useRows: municipalityAxesData.useMunicipalityAxes,
  toItem: (axis) => ({ id: axis.eixoId, nome: axis.nome, checked: axis.selecionado, fixed: axis.nacional }),
  save: (municipioId, eixoIds) => municipalityAxesData.saveMunicipalityAxes({ municipioId, eixoIds }),
  savedMessage: `${words.axis.plural} d${words.municipality.gender === 'f' ? 'a' : 'o'} ${words.municipality.singular.toLowerCase()} salvos com sucesso`,
};

/** /municipioTemasHabilitados (spec §7 api/MunicipioTemasHabilitados): the themes enabled for a municipality. */
const themesConfig: ChecklistConfig<MunicipalityTheme> = {
  flag: 'menuMunicipiosTemas',
  title: words.menu.municipiosTemas,
  checkHeader: 'Habilitado',
  emptyText: words.empty.themes,
  loadError: 'Erro ao obter Temas',
  columns: [
    { key: 'nome', header: 'Tema', rowHeader: true, truncate: 50 },
    { key: 'eixoNome', header: words.axis.singular, truncate: 40 },
  ],
  useRows: municipalityAxesData.useMunicipalityThemes,
  toItem: (theme) => ({ id: theme.temaId, nome: theme.nome, checked: theme.habilitado }),
  save: (municipioId, temaIds) => municipalityAxesData.saveMunicipalityThemes({ municipioId, temaIds }),
  savedMessage: `Temas d${words.municipality.gender === 'f' ? 'a' : 'o'} ${words.municipality.singular.toLowerCase()} salvos com sucesso`,
};

export function MunicipalityAxesScreen() {
  return <ChecklistScreen config={axesConfig} />;
}

export function MunicipalityThemesScreen() {
  return <ChecklistScreen config={themesConfig} />;
}
