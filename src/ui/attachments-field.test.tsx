// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setNotificationSink, type Notification } from '../lib/notify.ts';
import { AttachmentsField } from './attachments-field.tsx';
import { renderWithApp } from '../../tests/component/render.tsx';

/**
 * The report forms' attachments (spec §5/§9): files chosen are listed with their size and can be
 * removed; a file of a refused type or beyond 25 MB in all is refused at once, with the reason.
 */

const shown: Notification[] = [];
beforeEach(() => {
  shown.length = 0;
  setNotificationSink((n) => shown.push(n));
});
afterEach(cleanup);

const MB = 1024 * 1024;
/** A PDF by its first bytes (what the server sniffs), padded to `size`. */
function pdf(name: string, size = 1000): File {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.4'));
  return new File([bytes], name, { type: 'application/pdf' });
}

function Attachments({ keptBytes = 0 }: { keptBytes?: number }) {
  const [files, setFiles] = useState<File[]>([]);
  return <AttachmentsField files={files} onChange={(change) => setFiles((current) => change(current))} keptBytes={keptBytes} />;
}

const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const listed = () =>
  within(screen.getByRole('list', { name: 'Anexos escolhidos' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('AttachmentsField', () => {
  it('lists the chosen files with their sizes, counts them toward 25 MB, and removes one', async () => {
    const user = userEvent.setup();
    renderWithApp(<Attachments />);
    expect(screen.getByText('Nenhum anexo escolhido.')).toBeTruthy();
    await user.upload(input(), [pdf('ata.pdf', 2048), pdf('lista.pdf')]);
    await waitFor(() => expect(listed()).toHaveLength(2));
    expect(listed()[0]).toContain('ata.pdf (2 KB)');
    expect(screen.getByText(/Usados: 3 KB de 25 MB/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remover anexo ata.pdf' }));
    expect(listed()).toEqual([expect.stringContaining('lista.pdf')]);
  });

  it('refuses a file whose bytes are not an allowed type, naming it and the allowed types', async () => {
    const user = userEvent.setup();
    renderWithApp(<Attachments />);
    const program = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0])], 'relatorio.pdf', {
      type: 'application/pdf',
    });
    await user.upload(input(), program);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('relatorio.pdf: Tipo de arquivo não permitido. Envie PDF, Excel, Word, JPG ou PNG.');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(shown.map((n) => n.title)).toEqual([alert.textContent]);
    expect(screen.getByText('Nenhum anexo escolhido.')).toBeTruthy();
  });

  it('refuses what would pass 25 MB with the files the record already holds', async () => {
    const user = userEvent.setup();
    renderWithApp(<Attachments keptBytes={24 * MB} />);
    await user.upload(input(), pdf('fotos.pdf', 2 * MB));
    expect((await screen.findByRole('alert')).textContent).toBe('Total de arquivos não pode ser maior que 25MB!');
    expect(screen.getByText('Nenhum anexo escolhido.')).toBeTruthy();
  });
});
