/**
 * The pure rules behind Combo: option order and filtering, the chip summary of a multi-select
 * (spec §2 "Shared combos", §9 "Combo chips") and the selection cap. No React, so they run in node tests.
 */
import { compareText, includesText } from '../domain/text.ts';

export type ComboValue = string | number;

export type ComboOption<V extends ComboValue = ComboValue> = {
  value: V;
  label: string;
  /** Shown but not choosable. */
  disabled?: boolean;
};

/** Options in pt-BR alphabetical order, accents and case ignored (spec §1). */
export function sortOptions<O extends { label: string }>(options: readonly O[]): O[] {
  return [...options].sort((a, b) => compareText(a.label, b.label));
}

/** Options whose label contains the typed text, accents and case ignored; blank text keeps all. */
export function filterOptions<O extends { label: string }>(options: readonly O[], query: string): O[] {
  return query.trim() === '' ? [...options] : options.filter((o) => includesText(o.label, query));
}

/**
 * What the closed control shows for the chosen items: the first `maxChips` as chips, the rest as
 * a "+N" counter. With `overflowNoun` the counter becomes part of the last chip's text instead,
 * as the axes combo does: "Gestao Publica (+2 eixos)".
 */
export type ChipSummary<O> = {
  chips: O[];
  hidden: number;
  /** "+2", "(+2 eixos)" or "" when nothing is hidden. */
  counterText: string;
};

export function chipSummary<O>(selected: readonly O[], maxChips: number, overflowNoun?: { one: string; many: string }): ChipSummary<O> {
  const limit = Math.max(0, Math.floor(maxChips));
  const chips = selected.slice(0, limit);
  const hidden = selected.length - chips.length;
  if (hidden <= 0) return { chips, hidden: 0, counterText: '' };
  const counterText = overflowNoun ? `(+${hidden} ${hidden === 1 ? overflowNoun.one : overflowNoun.many})` : `+${hidden}`;
  return { chips, hidden, counterText };
}

/** Whether an unselected option must be disabled because the cap is reached (spec §5: at most 5 axes). */
export function isCapped(selectedCount: number, maxSelected: number | undefined): boolean {
  return maxSelected !== undefined && selectedCount >= maxSelected;
}

/** The value a multi-select keeps after a change, never exceeding the cap even if several arrive at once. */
export function capSelection<V>(next: readonly V[], maxSelected: number | undefined): V[] {
  return maxSelected === undefined ? [...next] : next.slice(0, maxSelected);
}

/** A spoken list of the chosen items ("Selecionados: A, B e C"), for the hidden description of the input. */
export function selectionDescription(labels: readonly string[]): string {
  if (labels.length === 0) return '';
  const list = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} e ${labels[labels.length - 1]}`;
  return `${labels.length === 1 ? 'Selecionado' : 'Selecionados'}: ${list}`;
}
