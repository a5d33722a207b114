// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from './data-table.tsx';
import { renderWithApp } from '../../tests/component/render.tsx';

afterEach(cleanup);

type City = { id: number; nome: string; uf: string; habitantes: number | null };

const cities: City[] = [
  { id: 1, nome: 'Joinville', uf: 'SC', habitantes: 616_000 },
  { id: 2, nome: 'Araquari', uf: 'SC', habitantes: null },
  { id: 3, nome: 'Blumenau', uf: 'SC', habitantes: 361_000 },
];

const columns: DataColumn<City>[] = [
  { key: 'nome', header: 'Município', rowHeader: true },
  { key: 'uf', header: 'UF' },
  { key: 'habitantes', header: 'Habitantes', format: (v) => Number(v).toLocaleString('pt-BR'), align: 'end' },
];

function bodyRows() {
  return screen.getAllByRole('row').slice(1);
}

function firstCells() {
  return bodyRows().map((row) => within(row).getByRole('rowheader').textContent);
}

describe('DataTable', () => {
  it('shows every row with formatted values, and "—" for an empty one', () => {
    renderWithApp(
      <DataTable label="Municípios" rows={cities} columns={columns} rowKey={(c) => c.id} emptyText="Nenhum Município retornado" />,
    );
    expect(screen.getByRole('table', { name: 'Municípios' })).toBeTruthy();
    expect(firstCells()).toEqual(['Joinville', 'Araquari', 'Blumenau']);
    expect(within(bodyRows()[0]!).getByText('616.000')).toBeTruthy();
    expect(within(bodyRows()[1]!).getByText('—')).toBeTruthy();
    // The name column names its row for screen readers.
    expect(screen.getByRole('rowheader', { name: 'Blumenau' })).toBeTruthy();
  });

  it('shows the empty text instead of rows', () => {
    renderWithApp(<DataTable label="Municípios" rows={[]} columns={columns} rowKey={(c) => c.id} emptyText="Nenhum Município retornado" />);
    expect(screen.getByText('Nenhum Município retornado')).toBeTruthy();
  });

  it('sorts by a header click, ascending then descending, with empty values last, and announces it', async () => {
    const user = userEvent.setup();
    renderWithApp(<DataTable label="Municípios" rows={cities} columns={columns} rowKey={(c) => c.id} emptyText="-" />);
    await user.click(screen.getByRole('button', { name: /Município/ }));
    expect(firstCells()).toEqual(['Araquari', 'Blumenau', 'Joinville']);
    expect(screen.getByRole('columnheader', { name: /Município/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByText('Ordenado por Município, ordem crescente')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Município/ }));
    expect(firstCells()).toEqual(['Joinville', 'Blumenau', 'Araquari']);
    expect(screen.getByRole('columnheader', { name: /Município/ }).getAttribute('aria-sort')).toBe('descending');

    await user.click(screen.getByRole('button', { name: /Habitantes/ }));
    expect(firstCells()).toEqual(['Blumenau', 'Joinville', 'Araquari']);
  });

  it('opens a row with a click or with Enter when rows are clickable', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    renderWithApp(<DataTable label="Municípios" rows={cities} columns={columns} rowKey={(c) => c.id} emptyText="-" onRowClick={open} />);
    await user.click(within(bodyRows()[2]!).getByText('Blumenau'));
    expect(open).toHaveBeenLastCalledWith(cities[2]);
    bodyRows()[0]!.focus();
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenLastCalledWith(cities[0]);
  });

  it('says it is loading instead of showing rows', () => {
    renderWithApp(
      <DataTable
        label="Municípios"
        rows={cities}
        columns={columns}
        rowKey={(c) => c.id}
        emptyText="-"
        loading
        loadingText="Carregando municípios…"
      />,
    );
    expect(screen.getByText('Carregando municípios…')).toBeTruthy();
    expect(screen.queryByText('Joinville')).toBeNull();
  });
});

describe('DataTable with a long list', () => {
  // happy-dom lays nothing out: give the scroll box a screen's height and each row its estimated one.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(37);
  });
  afterEach(() => vi.restoreAllMocks());

  const many: City[] = Array.from({ length: 500 }, (_, i) => ({
    id: i + 1,
    nome: `Município ${String(i + 1).padStart(3, '0')}`,
    uf: 'SC',
    habitantes: i,
  }));

  it('shows its first rows at once, and only a window of them before and after the virtual window arrives', async () => {
    renderWithApp(<DataTable label="Municípios" rows={many} columns={columns} rowKey={(c) => c.id} emptyText="-" />);
    // The first paint, before the window's module has arrived: a screenful from the top, not 500 rows.
    expect(firstCells()[0]).toBe('Município 001');
    expect(bodyRows().length).toBeLessThan(100);
    expect(screen.getByRole('table', { name: 'Municípios' }).getAttribute('aria-rowcount')).toBe('501');
    // Scrolled far down, the window (once arrived) renders the rows there, still not all 500.
    const region = screen.getByRole('region', { name: 'Municípios' });
    await vi.waitFor(() => {
      region.scrollTop = 300 * 37;
      region.dispatchEvent(new Event('scroll'));
      expect(firstCells()).toContain('Município 301');
    });
    expect(firstCells()).not.toContain('Município 001');
    expect(bodyRows().length).toBeLessThan(100);
  });

  it('sorts the whole list, not only the rows in view', async () => {
    const user = userEvent.setup();
    renderWithApp(<DataTable label="Municípios" rows={many} columns={columns} rowKey={(c) => c.id} emptyText="-" />);
    await user.click(screen.getByRole('button', { name: /Município/ }));
    await user.click(screen.getByRole('button', { name: /Município/ }));
    await vi.waitFor(() => expect(firstCells()[0]).toBe('Município 500'));
  });
});
