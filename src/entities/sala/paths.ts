/**
 * The Sala do Empreendedor's addresses (spec §2 "Indicator room (Sala)"). The `{id}` of a room's
 * paths is its municipality's id: one room per municipality in Sala mode.
 */
export const SALA_PATHS = {
  list: '/sala-principal',
  home: '/sala-municipio-principal',
  create: '/sala-principal/novo/:id',
  edit: '/sala-principal/editar/:id',
  tab: '/sala-principal/:id/:tab',
} as const;

export const salaCreatePath = (municipioId: number) => `/sala-principal/novo/${municipioId}`;
export const salaEditPath = (municipioId: number) => `/sala-principal/editar/${municipioId}`;
export const roomTabPath = (municipioId: number, tab: RoomTabId) => `/sala-principal/${municipioId}/${tab}`;

/** The eleven pages under /sala-principal/{id}/, in the spec's order and with its labels. */
export const ROOM_TABS = [
  { id: 'sala-indicadores', label: 'Indicadores' },
  { id: 'sala-indicadores-apuracao', label: 'Formas de Apuração' },
  { id: 'sala-indicadores-fonte', label: 'Fontes' },
  { id: 'sala-indicadores-leitura', label: 'Leituras' },
  { id: 'sala-indicadores-nivel', label: 'Níveis' },
  { id: 'sala-indicadores-unidade', label: 'Unidades' },
  { id: 'sala-indicadores-municipio', label: 'Mapa de Indicadores' },
  { id: 'cargos-funcoes', label: 'Cargos e Serviços' },
  // The spec gives these three no label: the room they open.
  { id: 'sala-5w2h', label: '5W2H' },
  { id: 'sala-custo', label: 'Custos' },
  { id: 'sala-tempo', label: 'Tempo de Atendimento' },
] as const;

export type RoomTabId = (typeof ROOM_TABS)[number]['id'];

/** The room page a room opens on: its indicator map. */
export const ROOM_START_TAB: RoomTabId = 'sala-indicadores-municipio';
