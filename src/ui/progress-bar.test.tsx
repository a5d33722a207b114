// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../tests/component/render.tsx';
import { ProgressBar } from './progress-bar.tsx';

afterEach(cleanup);

describe('ProgressBar', () => {
  it('is a progressbar named by its label, valued in words, filled to its share', () => {
    renderWithApp(<ProgressBar label="Enviando anexos" value={3} max={4} valueText="3 de 4" />);
    const bar = screen.getByRole('progressbar', { name: 'Enviando anexos' });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuemax')).toBe('4');
    expect(bar.getAttribute('aria-valuetext')).toBe('3 de 4');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('75%');
    expect(screen.getByText('3 de 4')).toBeTruthy();
  });

  it('keeps a value past its ends within the bar, and an empty total does not divide by zero', () => {
    renderWithApp(<ProgressBar label="Copiando" value={12} max={0} valueText="Concluído" />);
    const bar = screen.getByRole('progressbar', { name: 'Copiando' });
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('100%');
  });
});
