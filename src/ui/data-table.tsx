import {
  Box,
  chakra,
  createSlotRecipeContext,
  Icon,
  Table,
  Text,
  VisuallyHidden,
  type HTMLChakraProps,
  type IconProps,
} from '@chakra-ui/react';
import { useId, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons.tsx';
import { LoadingState } from './loading-state.tsx';
import { moduleLater } from './on-demand.ts';
import {
  ariaSort,
  bodyRowIndex,
  CARD_QUERY,
  cardColumnOrder,
  EMPTY_CELL,
  firstWindow,
  isEmptyValue,
  nextSort,
  columnWidthCh,
  sampleRows,
  shouldVirtualize,
  sortAnnouncement,
  sortRows,
  VIRTUALIZE_ABOVE,
  type CellValue,
  type SortState,
} from './table-logic.ts';
import { TooltipText } from './tooltip-text.tsx';
import type { VirtualSlice, VirtualWindow } from './virtual-window.tsx';

/** The virtual window's module, downloaded when a list is first long enough to need it. */
const useVirtualWindow = moduleLater<{ VirtualWindow: typeof VirtualWindow }>(() => import('./virtual-window.tsx'), { warm: false });

export type { CellValue, SortDirection, SortState } from './table-logic.ts';

export type RowTone = 'danger' | 'success' | 'warning' | 'info';

/** Semantic palettes: their `subtle` background keeps body text (fg) above 4.5:1 in light and dark mode. */
const TONE_PALETTE: Record<RowTone, string> = { danger: 'red', success: 'green', warning: 'orange', info: 'blue' };

export type DataColumn<T> = {
  /** Unique among the columns; also the property read from the row when `value` is not given. */
  key: string;
  header: string;
  /** The raw value: sorted on and, through `format`, displayed. Defaults to `row[key]`. */
  value?: (row: T) => CellValue;
  /** Display text of the value (formatMoney, formatDate...). Empty values show "—" without calling it. */
  format?: (value: Exclude<CellValue, null | undefined>, row: T) => string;
  /** Custom content (a link, a badge, buttons). A string result is still truncated. */
  cell?: (row: T) => ReactNode;
  /**
   * How the Excel export writes a formatted column instead of the text shown: a number, a real date
   * (value "YYYY-MM-DD", shown DD/MM/AAAA) or an amount in R$ (value a number).
   */
  exportType?: 'number' | 'date' | 'money';
  /** What the column sorts by when it differs from `value` (e.g. a date shown as text). */
  sortValue?: (row: T) => CellValue;
  /** Defaults to true; set false for action or icon columns. */
  sortable?: boolean;
  /** Cut the text after this many characters (spec §9); the full text shows in a tooltip. */
  truncate?: number;
  /** A CSS width for the column, e.g. "6rem" or "20%". */
  width?: string;
  align?: 'start' | 'center' | 'end';
  /** The cells of this column name their row for screen readers (a <th scope="row">); use it on the name or title column. */
  rowHeader?: boolean;
  /**
   * Place in the narrow-screen card (lowest first, after the row header, which is the card's title);
   * columns without it follow in table order. Give it to what a phone user must see at a glance (the status).
   */
  cardPriority?: number;
};

type Labelled = { label: string; labelledBy?: undefined } | { labelledBy: string; label?: undefined };

export type DataTableProps<T> = Labelled & {
  rows: readonly T[];
  /** Define once (module scope or useMemo): a new array each render redoes the sort. */
  columns: ReadonlyArray<DataColumn<T>>;
  rowKey: (row: T) => string | number;
  /** Shown in place of the rows when there are none, e.g. "Nenhum Município retornado". */
  emptyText: string;
  /** A visible caption above the table (in addition to its accessible name). */
  caption?: ReactNode;
  loading?: boolean;
  loadingText?: string;
  /** The sort applied before the user picks one; rows keep the given order when null. */
  defaultSort?: SortState | null;
  /** Controlled sort; pair with onSortChange. */
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  /** Tints a row by status. Colour must not be the only carrier of the status: show it in a column too. */
  rowTone?: (row: T) => RowTone | undefined;
  /** Makes each row clickable and keyboard-activatable (Enter/Space). Prefer a link cell for navigation. */
  onRowClick?: (row: T) => void;
  /** Height of the scroll box that keeps the header in view; "none" lets the page scroll instead. */
  maxHeight?: string;
  /** Above this many rows only the visible ones are rendered. */
  virtualizeAbove?: number;
  /** A first guess of a row's height in px, refined by measuring rendered rows. */
  estimateRowHeight?: number;
  /** Rows rendered beyond the visible ones in a virtual list (default 10); fewer for rows heavy with controls. */
  overscan?: number;
  /** Minimum table width: below it the table scrolls sideways inside its box (narrow phones). */
  minWidth?: string;
  size?: 'sm' | 'md';
};

/** A cell's value before formatting (what sorting compares). */
export function rawValue<T>(column: DataColumn<T>, row: T): CellValue {
  if (column.value) return column.value(row);
  const value = (row as Record<string, unknown>)[column.key];
  if (value === null || value === undefined || value instanceof Date) return value;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : String(value);
}

/** The text a cell shows (what search matches and an export writes). */
export function cellText<T>(column: DataColumn<T>, row: T): string {
  const value = rawValue(column, row);
  if (isEmptyValue(value)) return EMPTY_CELL;
  if (column.format) return column.format(value, row);
  if (value instanceof Date) return value.toLocaleDateString('pt-BR');
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  return String(value);
}

function cellContent<T>(column: DataColumn<T>, row: T): ReactNode {
  const content = column.cell ? column.cell(row) : cellText(column, row);
  return typeof content === 'string' ? <TooltipText text={content} max={column.truncate} /> : content;
}

function subscribeCardQuery(onChange: () => void): () => void {
  const query = window.matchMedia(CARD_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True on phones: the table then shows one card per row. */
function useCardLayout(): boolean {
  return useSyncExternalStore(
    subscribeCardQuery,
    () => window.matchMedia(CARD_QUERY).matches,
    () => false,
  );
}

/** One rule set per tone: the tint, and a bar that repeats it for users who cannot tell the background colours apart. */
const TONE_CARD_CSS = Object.fromEntries(
  Object.entries(TONE_PALETTE).map(([tone, palette]) => [
    `& > .dt-card[data-tone="${tone}"]`,
    { bg: `${palette}.subtle`, boxShadow: `inset 4px 0 0 var(--chakra-colors-${palette}-solid)` },
  ]),
);

/**
 * The phone cards' list, styled once here (a styled factory resolved at module level) rather than
 * with style props on every card, title, label and value: each card is plain elements.
 */
const CardList = chakra('ul', {
  base: {
    listStyleType: 'none',
    m: '0',
    p: '0',
    '& > .dt-card': { borderWidth: '1px', rounded: 'md', p: '3', mb: '2' },
    '& > .dt-card[tabindex]': { cursor: 'pointer' },
    '& > .dt-card:focus-visible': { outline: '2px solid', outlineColor: 'colorPalette.focusRing' },
    ...TONE_CARD_CSS,
    '& .dt-card-title': { fontWeight: 'semibold', mb: '2', overflowWrap: 'anywhere' },
    '& .dt-card > dl': { display: 'grid', gridTemplateColumns: 'minmax(5.5rem, auto) 1fr', columnGap: '3', rowGap: '1', textStyle: 'sm' },
    '& .dt-card > dl > div': { display: 'contents' },
    '& .dt-card > dl dt': { color: 'fg.muted' },
    '& .dt-card > dl dd': { minW: '0', overflowWrap: 'anywhere', textAlign: 'start' },
  },
});

/**
 * The phone cards' sort select, styled by Chakra's native select recipe. Chakra's own NativeSelect
 * reads a form field's context through Ark's Field, whose parts (the textarea's auto-resize among
 * them: 2 KB brotli) then came with every list on a phone (issue 32); this select belongs to no form field.
 */
const { withProvider: withSelectRoot, withContext: withSelectPart } = createSlotRecipeContext({ key: 'nativeSelect' });
const SortSelectRoot = withSelectRoot<HTMLDivElement, HTMLChakraProps<'div'> & { size?: 'sm' }>('div', 'root');
const SortSelectField = withSelectPart<HTMLSelectElement, HTMLChakraProps<'select'>>('select', 'field');
const SortSelectIndicator = withSelectPart<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'indicator');

/** A click on a link, button or field inside a clickable row belongs to that control, not to the row. */
function fromInnerControl(event: MouseEvent | KeyboardEvent): boolean {
  const target = event.target as HTMLElement;
  const control = target.closest('a, button, input, select, textarea, label, [role="button"], [role="checkbox"]');
  return control !== null && control !== event.currentTarget;
}

/**
 * The one table of every list: typed columns, click-to-sort headers, truncation with tooltips,
 * row tones, a sticky header, and sideways scrolling on narrow screens. Long lists (the spec has
 * no paging) render only the rows in view, yet stay a real <table>: spacer rows hold the scroll
 * height and aria-rowcount/aria-rowindex tell screen readers where each rendered row sits.
 * On phones (CARD_QUERY) each row becomes a card in a labelled list: the row header as the card's
 * title, then the fields as label/value pairs in `cardPriority` order, with a sort select.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  emptyText,
  caption,
  label,
  labelledBy,
  loading = false,
  loadingText,
  defaultSort = null,
  sort: controlledSort,
  onSortChange,
  rowTone,
  onRowClick,
  maxHeight = '70vh',
  virtualizeAbove = VIRTUALIZE_ABOVE,
  estimateRowHeight,
  overscan = 10,
  minWidth,
  size = 'sm',
}: DataTableProps<T>) {
  const [ownSort, setOwnSort] = useState<SortState | null>(defaultSort);
  const sort = controlledSort === undefined ? ownSort : controlledSort;
  const [announcement, setAnnouncement] = useState('');
  const scrollRef = useRef<HTMLDivElement>(null);
  const cards = useCardLayout();
  const sortSelectId = useId();
  const cardColumns = useMemo(() => cardColumnOrder(columns), [columns]);

  // Keyed on the sorted column itself, not the array: a screen that rebuilds its action column on
  // every render (row buttons with state) must not re-sort thousands of rows each time.
  const sortColumn = sort ? columns.find((c) => c.key === sort.key) : undefined;
  const sorted = useMemo(() => {
    if (!sort || !sortColumn) return rows;
    return sortRows(rows, (row) => (sortColumn.sortValue ? sortColumn.sortValue(row) : rawValue(sortColumn, row)), sort.direction);
  }, [rows, sortColumn, sort]);

  const virtual = !loading && shouldVirtualize(sorted.length, virtualizeAbove);
  const widths = useMemo(() => {
    if (!virtual) return columns.map((c) => c.width);
    const sample = sampleRows(rows);
    return columns.map((c) => {
      if (c.width) return c.width;
      const texts = sample.map((row) => {
        const text = cellText(c, row);
        return c.truncate
          ? Array.from(text)
              .slice(0, c.truncate + 1)
              .join('')
          : text;
      });
      return `calc(${columnWidthCh(texts, c.header, { max: c.truncate ? c.truncate + 2 : 40 })}ch + 1rem)`;
    });
  }, [virtual, rows, columns]);
  const rowHeight = estimateRowHeight ?? (size === 'sm' ? 37 : 45);
  const { module: windowModule, failed: windowFailed } = useVirtualWindow(virtual);

  /**
   * The rows of a long list to render: the virtual window's slice once its module has arrived
   * (downloaded when a list first needs it: issue 32), a screenful from the top before that, and
   * every row if the download failed (offline before it was stored): slower, never a list cut short.
   */
  function windowed(render: (slice: VirtualSlice) => ReactNode): ReactNode {
    if (windowModule) {
      return (
        <windowModule.VirtualWindow
          count={sorted.length}
          scrollRef={scrollRef}
          estimateSize={rowHeight}
          overscan={overscan}
          itemKey={(index) => rowKey(sorted[index])}
        >
          {render}
        </windowModule.VirtualWindow>
      );
    }
    if (windowFailed) return render({ indexes: sorted.map((_, index) => index), top: 0, bottom: 0 });
    return render(firstWindow(sorted.length, rowHeight, overscan));
  }

  function changeSort(column: DataColumn<T>) {
    const next = nextSort(sort, column.key);
    if (controlledSort === undefined) setOwnSort(next);
    onSortChange?.(next);
    setAnnouncement(sortAnnouncement(column.header, next.direction));
    // A new order makes the old scroll position meaningless; start from the top (a virtual window follows the scroll).
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }

  /** Makes a row (or card) clickable and keyboard-activatable when onRowClick is given. */
  function rowHandlers(row: T) {
    if (!onRowClick) return {};
    return {
      tabIndex: 0,
      onClick: (event: MouseEvent) => {
        if (!fromInnerControl(event)) onRowClick(row);
      },
      onKeyDown: (event: KeyboardEvent) => {
        if ((event.key === 'Enter' || event.key === ' ') && event.target === event.currentTarget) {
          event.preventDefault();
          onRowClick(row);
        }
      },
    };
  }

  function renderRow(row: T, index: number, measure?: (node: Element | null) => void) {
    const tone = rowTone?.(row);
    const palette = tone ? TONE_PALETTE[tone] : undefined;
    return (
      <Table.Row
        key={rowKey(row)}
        ref={measure}
        data-index={index}
        aria-rowindex={bodyRowIndex(index)}
        // Explicit tokens rather than colorPalette, which would also recolour the row's buttons and links.
        bg={palette ? `${palette}.subtle` : undefined}
        data-tone={tone}
        _hover={onRowClick ? { bg: palette ? `${palette}.muted` : 'bg.muted' } : undefined}
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' }}
        cursor={onRowClick ? 'pointer' : undefined}
        {...rowHandlers(row)}
      >
        {columns.map((column, columnIndex) => {
          // A bar on the first cell repeats the tint for users who cannot tell the background colours apart.
          const bar = palette && columnIndex === 0 ? `inset 4px 0 0 var(--chakra-colors-${palette}-solid)` : undefined;
          const content = cellContent(column, row);
          // Fixed layout (virtual lists) cannot widen a column for a long text; cut it visibly instead of overlapping.
          const clip = virtual ? { overflow: 'hidden', textOverflow: 'ellipsis' } : undefined;
          return column.rowHeader ? (
            <Table.ColumnHeader key={column.key} scope="row" textAlign={column.align} fontWeight="medium" boxShadow={bar} {...clip}>
              {content}
            </Table.ColumnHeader>
          ) : (
            <Table.Cell key={column.key} textAlign={column.align} boxShadow={bar} {...clip}>
              {content}
            </Table.Cell>
          );
        })}
      </Table.Row>
    );
  }

  function renderBody() {
    if (loading || sorted.length === 0) {
      return (
        <Table.Row>
          <Table.Cell colSpan={columns.length} whiteSpace="normal">
            {loading ? (
              <LoadingState label={loadingText} />
            ) : (
              <Text py="6" textAlign="center" color="fg.muted">
                {emptyText}
              </Text>
            )}
          </Table.Cell>
        </Table.Row>
      );
    }
    if (!virtual) return sorted.map((row, index) => renderRow(row, index));
    return windowed(({ indexes, top, bottom, measure }) => (
      <>
        {top > 0 && <SpacerRow height={top} columns={columns.length} />}
        {indexes.map((index) => renderRow(sorted[index], index, measure))}
        {bottom > 0 && <SpacerRow height={bottom} columns={columns.length} />}
      </>
    ));
  }

  function renderCard(row: T, index: number, measure?: (node: Element | null) => void) {
    const tone = rowTone?.(row);
    const [first, ...rest] = cardColumns;
    const titled = first?.rowHeader === true;
    const fields = titled ? rest : cardColumns;
    // Plain elements styled by CardList's one rule set (the tone through data-tone): a phone list of
    // cards is the hottest styling on the evidence tab, and style props here were resolved per card.
    return (
      <li key={rowKey(row)} ref={measure} data-index={index} data-tone={tone} className="dt-card" {...rowHandlers(row)}>
        {titled && (
          <div className="dt-card-title" data-card-title="">
            {cellContent(first, row)}
          </div>
        )}
        <dl>
          {fields.map((column) => (
            <div key={column.key}>
              <dt>{column.header}</dt>
              <dd>{cellContent(column, row)}</dd>
            </div>
          ))}
        </dl>
      </li>
    );
  }

  if (cards) {
    const sortable = columns.filter((c) => c.sortable !== false);
    return (
      <Box>
        {caption && <Box py="2">{caption}</Box>}
        {/* Shown while loading too (disabled): appearing above the cards once two rows arrived pushed them down (layout shift 0.51 on the evidence tab). */}
        {sortable.length > 0 && (loading || sorted.length > 1) && (
          <Box display="flex" alignItems="center" gap="2" mb="2">
            <chakra.label htmlFor={sortSelectId} textStyle="sm" color="fg.muted" flexShrink={0}>
              Ordenar por
            </chakra.label>
            <SortSelectRoot size="sm">
              <SortSelectField
                id={sortSelectId}
                disabled={loading}
                value={sort ? `${sort.key}:${sort.direction}` : ''}
                onChange={(event) => {
                  const [key, direction] = event.currentTarget.value.split(':');
                  const column = columns.find((c) => c.key === key);
                  if (!column || (direction !== 'asc' && direction !== 'desc')) return;
                  if (controlledSort === undefined) setOwnSort({ key, direction });
                  onSortChange?.({ key, direction });
                  setAnnouncement(sortAnnouncement(column.header, direction));
                }}
              >
                {!sort && <option value="">Ordem original</option>}
                {sortable.flatMap((c) => [
                  <option key={`${c.key}:asc`} value={`${c.key}:asc`}>{`${c.header} (crescente)`}</option>,
                  <option key={`${c.key}:desc`} value={`${c.key}:desc`}>{`${c.header} (decrescente)`}</option>,
                ])}
              </SortSelectField>
              <SortSelectIndicator data-disabled={loading ? '' : undefined}>
                <ChevronDownIcon />
              </SortSelectIndicator>
            </SortSelectRoot>
          </Box>
        )}
        <Box
          ref={scrollRef}
          maxH={virtual ? maxHeight : undefined}
          overflowY={virtual ? 'auto' : undefined}
          tabIndex={virtual ? 0 : undefined}
          role={virtual ? 'region' : undefined}
          aria-label={virtual ? label : undefined}
          aria-labelledby={virtual ? labelledBy : undefined}
        >
          {loading || sorted.length === 0 ? (
            <Box borderWidth="1px" rounded="md" p="3" aria-busy={loading || undefined}>
              {loading ? (
                <LoadingState label={loadingText} />
              ) : (
                // Wraps on any width: a 360 px screen once cut it to "Nenl…".
                <Text py="4" textAlign="center" color="fg.muted" whiteSpace="normal">
                  {emptyText}
                </Text>
              )}
            </Box>
          ) : (
            <CardList aria-label={label} aria-labelledby={labelledBy}>
              {virtual
                ? windowed(({ indexes, top, bottom, measure }) => (
                    <>
                      {top > 0 && <li aria-hidden="true" style={{ height: top }} />}
                      {indexes.map((index) => renderCard(sorted[index], index, measure))}
                      {bottom > 0 && <li aria-hidden="true" style={{ height: bottom }} />}
                    </>
                  ))
                : sorted.map((row, index) => renderCard(row, index))}
            </CardList>
          )}
        </Box>
        <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      </Box>
    );
  }

  return (
    // Focusable so keyboard users can scroll what does not fit; named like the table it holds.
    <Table.ScrollArea
      ref={scrollRef}
      // Contains the visually hidden full texts of cut cells, which would otherwise widen the page.
      position="relative"
      borderWidth="1px"
      rounded="md"
      tabIndex={0}
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
      maxH={maxHeight}
      overscrollBehaviorX="contain"
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
    >
      <Table.Root
        size={size}
        stickyHeader
        interactive={Boolean(onRowClick)}
        aria-label={label}
        aria-labelledby={labelledBy}
        aria-busy={loading || undefined}
        aria-rowcount={sorted.length > 0 && !loading ? sorted.length + 1 : undefined}
        // An empty table needs no width: its message then wraps inside the screen.
        minW={sorted.length > 0 ? minWidth : undefined}
        // Rows come and go while scrolling a virtual list; fixed layout stops the columns from jumping.
        tableLayout={virtual ? 'fixed' : 'auto'}
      >
        {caption && (
          <Table.Caption captionSide="top" textAlign="start" py="2" px="3">
            {caption}
          </Table.Caption>
        )}
        <Table.Header>
          <Table.Row aria-rowindex={1} bg="bg.subtle">
            {columns.map((column, index) => (
              <Table.ColumnHeader
                key={column.key}
                scope="col"
                width={widths[index]}
                textAlign={column.align}
                aria-sort={column.sortable === false ? undefined : ariaSort(sort, column.key)}
                bg="bg.subtle"
              >
                {column.sortable === false ? (
                  column.header
                ) : (
                  <SortButton
                    header={column.header}
                    direction={sort?.key === column.key ? sort.direction : undefined}
                    align={column.align}
                    onClick={() => changeSort(column)}
                  />
                )}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{renderBody()}</Table.Body>
      </Table.Root>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </Table.ScrollArea>
  );
}

/** Stands in for rows outside the rendered window; hidden from assistive technology, which counts rows through aria-rowcount. */
function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" role="presentation">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

const JUSTIFY = { start: 'flex-start', center: 'center', end: 'flex-end' } as const;

function SortButton({
  header,
  direction,
  align = 'start',
  onClick,
}: {
  header: string;
  direction: 'asc' | 'desc' | undefined;
  align?: 'start' | 'center' | 'end' | undefined;
  onClick: () => void;
}) {
  return (
    <chakra.button
      type="button"
      onClick={onClick}
      display="inline-flex"
      alignItems="center"
      justifyContent={JUSTIFY[align]}
      gap="1"
      width="full"
      font="inherit"
      fontWeight="inherit"
      color="inherit"
      textAlign="inherit"
      cursor="pointer"
      rounded="l1"
      _hover={{ color: 'colorPalette.fg' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
    >
      {header}
      <SortIcon direction={direction} color={direction ? 'colorPalette.fg' : 'fg.subtle'} />
    </chakra.button>
  );
}

/** Arrows for the sort state; the state itself reaches screen readers through aria-sort on the header cell. */
function SortIcon({ direction, ...props }: IconProps & { direction: 'asc' | 'desc' | undefined }) {
  return (
    <Icon boxSize="1em" flexShrink={0} aria-hidden="true" {...props}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
        {direction !== 'desc' && <path d="m7 10 5-5 5 5" />}
        {direction !== 'asc' && <path d="m7 14 5 5 5-5" />}
      </svg>
    </Icon>
  );
}
