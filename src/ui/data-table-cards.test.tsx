// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from './data-table.tsx';
import { CARD_QUERY } from './table-logic.ts';
import { renderWithApp } from '../../tests/component/render.tsx';

/**
 * The shared table on a phone (CARD_QUERY matches): one card per row in a named list, the row
 * header as the card's title, then the fields in cardPriority order; a sort select instead of
 * header buttons; an empty text that wraps instead of being cut.
 */

type Report = { id: number; titulo: string; autor: string; status: string; horas: number | null };

const reports: Report[] = [
  { id: 1, titulo: 'Reunião do comitê gestor de inovação e empreendedorismo', autor: 'Ana Souza', status: 'Aprovado', horas: 4 },
  { id: 2, titulo: 'Diagnóstico', autor: 'Bruno Reis', status: 'Rejeitado', horas: null },
  { id: 3, titulo: 'Plano de ação', autor: 'Carla Dias', status: 'Aguardando análise', horas: 2 },
];

const columns: DataColumn<Report>[] = [
  { key: 'autor', header: 'Autor' },
  { key: 'horas', header: 'Horas', align: 'end' },
  { key: 'titulo', header: 'Título', rowHeader: true, truncate: 20 },
  // What a phone user must see at a glance comes first in the card.
  { key: 'status', header: 'Status', cardPriority: 1 },
];

/** A media query list whose answer the test sets, telling its listeners as a rotating phone does. */
function fakeViewport(phone: boolean) {
  const listeners = new Set<() => void>();
  const state = { matches: phone };
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === CARD_QUERY && state.matches;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    rotate(nextPhone: boolean) {
      state.matches = nextPhone;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function cards() {
  return within(screen.getByRole('list', { name: 'Relatórios' })).getAllByRole('listitem');
}

/** A card as a person reads it: its title, then "label: value" for each field. */
function read(card: HTMLElement) {
  const title = card.querySelector('[data-card-title]')?.textContent ?? null;
  const labels = Array.from(card.querySelectorAll('dt')).map((dt) => dt.textContent);
  const values = Array.from(card.querySelectorAll('dd')).map((dd) => dd.textContent);
  return { title, fields: labels.map((label, i) => `${label}: ${values[i]}`) };
}

let viewport: ReturnType<typeof fakeViewport>;
beforeEach(() => {
  viewport = fakeViewport(true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DataTable on a phone', () => {
  it('shows one card per row: the row header as title, then the status, then the other fields in table order', () => {
    renderWithApp(<DataTable label="Relatórios" rows={reports} columns={columns} rowKey={(r) => r.id} emptyText="Nenhum relatório" />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards()).toHaveLength(3);
    expect(read(cards()[1]!)).toEqual({ title: 'Diagnóstico', fields: ['Status: Rejeitado', 'Autor: Bruno Reis', 'Horas: —'] });
  });

  it('cuts a long title visibly but keeps the whole text for screen readers, and shows it on focus', async () => {
    const user = userEvent.setup();
    renderWithApp(<DataTable label="Relatórios" rows={reports} columns={columns} rowKey={(r) => r.id} emptyText="Nenhum relatório" />);
    const title = cards()[0]!.querySelector('[data-card-title]') as HTMLElement;
    const cut = title.querySelector('[aria-hidden="true"]')!;
    expect(cut.textContent).toMatch(/^Reunião do comitê.{0,3}…$/);
    expect(title.textContent).toContain('Reunião do comitê gestor de inovação e empreendedorismo');
    // "Ordenar por" first, then the first card's title.
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(title.querySelector('[tabindex="0"]'));
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    expect(screen.getByRole('tooltip').textContent).toBe('Reunião do comitê gestor de inovação e empreendedorismo');
  });

  it('sorts from the "Ordenar por" select and announces the order', async () => {
    const user = userEvent.setup();
    renderWithApp(<DataTable label="Relatórios" rows={reports} columns={columns} rowKey={(r) => r.id} emptyText="Nenhum relatório" />);
    const select = screen.getByRole('combobox', { name: 'Ordenar por' });
    expect((select as HTMLSelectElement).value).toBe('');
    await user.selectOptions(select, 'Horas (decrescente)');
    expect(cards().map((card) => read(card).title)).toEqual([
      // The cut copy and the whole title for screen readers, both in the card's title.
      expect.stringContaining('Reunião do comitê gestor de inovação e empreendedorismo'),
      'Plano de ação',
      'Diagnóstico',
    ]);
    expect(read(cards()[0]!).fields).toContain('Horas: 4');
    expect(screen.getByText('Ordenado por Horas, ordem decrescente')).toBeTruthy();
  });

  it('opens a card with a tap or with Enter when rows are clickable', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    renderWithApp(<DataTable label="Relatórios" rows={reports} columns={columns} rowKey={(r) => r.id} emptyText="-" onRowClick={open} />);
    await user.click(within(cards()[2]!).getByText('Carla Dias'));
    expect(open).toHaveBeenLastCalledWith(reports[2]);
    cards()[1]!.focus();
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenLastCalledWith(reports[1]);
  });

  it('shows the whole empty text, free to wrap, and no sort select', () => {
    const empty = 'Nenhum relatório retornado para este município';
    renderWithApp(<DataTable label="Relatórios" rows={[]} columns={columns} rowKey={(r) => r.id} emptyText={empty} />);
    const text = screen.getByText(empty);
    expect(getComputedStyle(text).whiteSpace).toBe('normal');
    // Nothing around it cuts it either.
    for (let node = text.parentElement; node; node = node.parentElement) expect(getComputedStyle(node).textOverflow).not.toBe('ellipsis');
    expect(text.closest('[aria-hidden="true"]')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Ordenar por' })).toBeNull();
  });

  it('becomes a table again when the screen widens', () => {
    renderWithApp(<DataTable label="Relatórios" rows={reports} columns={columns} rowKey={(r) => r.id} emptyText="-" />);
    expect(screen.queryByRole('table')).toBeNull();
    viewport.rotate(false);
    expect(screen.getByRole('table', { name: 'Relatórios' })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });
});
