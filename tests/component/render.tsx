import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders } from '../../src/app/providers.tsx';

/**
 * Renders a component as the app does (Chakra with the app's system, pt-BR locale), for component
 * tests under happy-dom (`// @vitest-environment happy-dom` at the top of the test file).
 */
export function renderWithApp(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: AppProviders, ...options });
}
