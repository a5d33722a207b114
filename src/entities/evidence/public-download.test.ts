// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { evidence } from './data.ts';

/**
 * The public evidence link (no login): the file is handed to the browser under the server's name,
 * and a link the server does not know (400, 404, 410) is told apart from any other failure, which
 * the page words differently. Only the network is faked: the real client reads the real answers.
 */

function serverAnswers(status: number, headers: Record<string, string> = {}) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push(new URL(request.url).pathname);
      return new Response(status === 200 ? 'PDF' : JSON.stringify({ message: 'Link inválido.' }), { status, headers });
    }),
  );
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('evidence.downloadPublic', () => {
  it('saves the file under the name the server gives and says the download started', async () => {
    const requests = serverAnswers(200, { 'Content-Disposition': `attachment; filename*=UTF-8''Relat%C3%B3rio%20final.pdf` });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:evidence');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    // The browser's download, as the page starts it: a click on a link naming the file (not followed here).
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    expect(await evidence.downloadPublic('tok_abc')).toEqual({ status: 'done', name: 'Relatório final.pdf' });
    expect(requests).toEqual(['/api/publico/evidencia/tok_abc']);
    expect(saved).toEqual(['Relatório final.pdf']);
  });

  it.each([400, 404, 410])('calls a link the server answers %i to a wrong link', async (status) => {
    serverAnswers(status, { 'Content-Type': 'application/json' });
    expect(await evidence.downloadPublic('tok_abc')).toEqual({ status: 'error', badLink: true });
  });

  it('tells any other failure apart from a wrong link', async () => {
    serverAnswers(503, { 'Content-Type': 'application/json' });
    expect(await evidence.downloadPublic('tok_abc')).toEqual({ status: 'error', badLink: false });
  });
});
