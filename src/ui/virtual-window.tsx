import { useVirtualizer } from '@tanstack/react-virtual';
import type { Key, ReactNode, RefObject } from 'react';
import { FIRST_WINDOW_PX, spacerHeights } from './table-logic.ts';

/** The rows of a long list to render now: their indexes, and the heights that stand in for the others. */
export type VirtualSlice = {
  indexes: readonly number[];
  top: number;
  bottom: number;
  /** Measures a rendered row (its real height replaces the estimate); absent before the window has arrived. */
  measure?: (node: Element | null) => void;
};

export type VirtualWindowProps = {
  count: number;
  scrollRef: RefObject<HTMLElement | null>;
  estimateSize: number;
  overscan: number;
  itemKey: (index: number) => Key;
  children: (slice: VirtualSlice) => ReactNode;
};

/**
 * The window of a long DataTable (issue 32): TanStack's virtualizer, in a module of its own that the
 * table downloads only when a list is long enough to need it. Most lists (every field page's) are not,
 * and its 9 KB no longer come before those pages are usable. The table sorts, keys and renders the
 * rows; this only says which of them are in view.
 */
export function VirtualWindow({ count, scrollRef, estimateSize, overscan, itemKey, children }: VirtualWindowProps) {
  // TanStack's virtualizer returns fresh functions each render by design; nothing here memoises around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    overscan,
    // Render a screenful on the first paint, before the scroll box has been measured: the same
    // screenful the table showed while this module downloaded (firstWindow).
    initialRect: { width: 0, height: FIRST_WINDOW_PX },
    getItemKey: itemKey,
  });
  const items = virtualizer.getVirtualItems();
  const { top, bottom } = spacerHeights(items, virtualizer.getTotalSize());
  return children({ indexes: items.map((item) => item.index), top, bottom, measure: virtualizer.measureElement });
}
