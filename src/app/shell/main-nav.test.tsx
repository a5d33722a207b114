// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../tests/component/render.tsx';
import type { VisibleMenuItem } from '../../domain/menu.ts';
import { MainNav } from './main-nav.tsx';

afterEach(cleanup);

const ITEMS: VisibleMenuItem[] = [
  { key: 'cidades', label: 'Cidades', href: '/cidade' },
  {
    key: 'gestao',
    label: 'Gestão',
    children: [
      { key: 'usuarios', label: 'Usuários', href: '/usuarios' },
      { key: 'projetos', label: 'Projetos e Soluções', href: '/projetos' },
    ],
  },
];

function setup() {
  const router = createMemoryRouter(
    [
      { path: '/cidade', element: <MainNav items={ITEMS} /> },
      { path: '/usuarios', element: <p>Tela de usuários</p> },
    ],
    { initialEntries: ['/cidade'] },
  );
  renderWithApp(<RouterProvider router={router} />);
  return userEvent.setup();
}

describe('MainNav', () => {
  it('builds no menu before a group is pressed (issue 32), then opens it on the first press', async () => {
    const user = setup();
    const gestao = screen.getByRole('button', { name: 'Gestão' });
    expect(gestao.getAttribute('aria-haspopup')).toBe('menu');
    // Ark marks its menus with data-scope="menu".
    expect(document.querySelector('[data-scope="menu"]')).toBeNull();
    await user.click(gestao);
    const menu = await screen.findByRole('menu');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Usuários', 'Projetos e Soluções']);
    await user.click(screen.getByRole('menuitem', { name: 'Usuários' }));
    expect(await screen.findByText('Tela de usuários')).toBeTruthy();
    expect(menu.isConnected).toBe(false);
  });

  it('opens by keyboard as Ark’s button would: Enter highlights the first item, and Enter then follows it', async () => {
    const user = setup();
    screen.getByRole('button', { name: 'Gestão' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Usuários' }).hasAttribute('data-highlighted')).toBe(true));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Tela de usuários')).toBeTruthy();
  });
});
