// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './client.ts';
import { publicDownload } from './download.ts';

/**
 * A public link's download page says whether the link itself is wrong or something else failed; the
 * file is saved under the server's name. Only the network is faked: the real client reads the answer.
 */

function networkAnswers(status: number, body: BodyInit, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('publicDownload', () => {
  it('saves the file under the name the server gives and says so', async () => {
    networkAnswers(200, 'conteúdo', { 'content-disposition': "attachment; filename*=UTF-8''Relat%C3%B3rio.pdf" });
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    // The browser's own download: the test's document stays where it is.
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await expect(publicDownload(() => api.get('publico/evidencia/abc'), 'evidencia', [404])).resolves.toEqual({
      status: 'done',
      name: 'Relatório.pdf',
    });
    expect(saved).toHaveBeenCalledTimes(1);
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('a refused link is a bad link; another failure is not', async () => {
    networkAnswers(410, JSON.stringify({ message: 'Link expirado' }), { 'content-type': 'application/json' });
    await expect(publicDownload(() => api.get('publico/evidencia/abc', { retry: 0 }), 'evidencia', [400, 404, 410])).resolves.toEqual({
      status: 'error',
      badLink: true,
    });
    networkAnswers(500, JSON.stringify({ message: 'Erro' }), { 'content-type': 'application/json' });
    await expect(publicDownload(() => api.get('publico/evidencia/abc', { retry: 0 }), 'evidencia', [400, 404, 410])).resolves.toEqual({
      status: 'error',
      badLink: false,
    });
  });
});
