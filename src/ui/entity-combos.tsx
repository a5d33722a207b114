/**
 * The shared combos of spec §2, each only a configuration of Combo: label, empty text and the
 * chip rule of spec §9. They fetch nothing; screens pass the options they loaded. Labels and
 * empty texts can be overridden where a mode renames the entity (Eixo → Pilar, Municipio → Sala).
 */
import { Combo, type ComboValue, type MultiComboProps, type SingleComboProps } from './combo.tsx';
import { EMPTY_MESSAGES, REQUIRED_FIELD } from '../domain/messages.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A shared combo: single or multiple like Combo, with its label, empty text and chip count preset. */
export type EntityComboProps<V extends ComboValue> = DistributiveOmit<
  SingleComboProps<V> | MultiComboProps<V>,
  'label' | 'emptyText' | 'maxChips' | 'overflowNoun'
> & { label?: string; emptyText?: string };

type Preset = { label: string; emptyText: string; maxChips: number; overflowNoun?: { one: string; many: string } };

function render<V extends ComboValue>(preset: Preset, { label, emptyText, ...props }: EntityComboProps<V>) {
  const common = { label: label ?? preset.label, emptyText: emptyText ?? preset.emptyText };
  return props.multiple ? (
    <Combo {...props} {...common} maxChips={preset.maxChips} overflowNoun={preset.overflowNoun} />
  ) : (
    <Combo {...props} {...common} />
  );
}

export function GroupCombo<V extends ComboValue>(props: EntityComboProps<V>) {
  return render({ label: 'Grupo', emptyText: EMPTY_MESSAGES.groups, maxChips: 1 }, props);
}

export function MemberCombo<V extends ComboValue>(props: EntityComboProps<V>) {
  return render({ label: 'Membro', emptyText: EMPTY_MESSAGES.members, maxChips: 1 }, props);
}

/** Spec §9: a multi-select of cities shows one chip, then "+N". */
export function CityCombo<V extends ComboValue>(props: EntityComboProps<V>) {
  return render({ label: 'Município', emptyText: EMPTY_MESSAGES.municipalities, maxChips: 1 }, props);
}

export function ProjectCombo<V extends ComboValue>(props: EntityComboProps<V>) {
  return render({ label: 'Projeto', emptyText: EMPTY_MESSAGES.projects, maxChips: 1 }, props);
}

/** Spec §9: one chip, then "+N". */
export function StatusCombo<V extends ComboValue>(props: EntityComboProps<V>) {
  return render({ label: 'Status', emptyText: EMPTY_MESSAGES.statuses, maxChips: 1 }, props);
}

export function SolutionTypeCombo<V extends ComboValue>(props: EntityComboProps<V>) {
  return render({ label: 'Tipo de solução', emptyText: EMPTY_MESSAGES.solutionTypes, maxChips: 1 }, props);
}

/** Spec §2: the solutions combo shows one chip, then a counter. */
export function SolutionCombo<V extends ComboValue>(props: EntityComboProps<V>) {
  return render({ label: 'Solução', emptyText: EMPTY_MESSAGES.solutions, maxChips: 1 }, props);
}

/** Spec §9: one chip, then "+N". */
export function CategoryCombo<V extends ComboValue>(props: EntityComboProps<V>) {
  return render({ label: 'Categoria', emptyText: EMPTY_MESSAGES.categories, maxChips: 1 }, props);
}

/** Spec §9: score ranges show two chips, then "+N". */
export function ScoreRangeCombo<V extends ComboValue>(props: EntityComboProps<V>) {
  return render({ label: 'Faixa', emptyText: EMPTY_MESSAGES.scoreRanges, maxChips: 2 }, props);
}

/**
 * Spec §2: one axis name followed by "(+N eixos)". Pass `maxSelected={5}` where the spec caps the
 * choice (group combo, MA proposal unless liberarMaximoEixoMA): the other axes are then disabled.
 */
export function AxisCombo<V extends ComboValue>(props: EntityComboProps<V>) {
  return render({ label: 'Eixo', emptyText: EMPTY_MESSAGES.axes, maxChips: 1, overflowNoun: { one: 'eixo', many: 'eixos' } }, props);
}

/** The most axes a group or an MA proposal may take (spec §9): one number, shared with the API's schema. */
export { MAX_GROUP_AXES as MAX_AXES } from '../domain/permissions.ts';

export type ThemeComboProps<V extends ComboValue> = EntityComboProps<V> & {
  /**
   * Set once the user tried to submit: while nothing is chosen the field then shows
   * "Campo Obrigatório" (spec §5). An explicit `error` wins over it.
   */
  validated?: boolean;
};

/** Spec §5: the theme combo is required. */
export function ThemeCombo<V extends ComboValue>({ validated = false, error, ...props }: ThemeComboProps<V>) {
  const empty = props.multiple ? props.value.length === 0 : props.value === null;
  const shown = error ?? (validated && empty ? REQUIRED_FIELD : undefined);
  return render({ label: 'Tema', emptyText: EMPTY_MESSAGES.themes, maxChips: 1 }, {
    ...props,
    required: true,
    error: shown,
  } as EntityComboProps<V>);
}
