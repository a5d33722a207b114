// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionPlan } from '../../../domain/followups.ts';
import type { MunicipalityDetail } from '../../../domain/municipality.ts';
import { setNotificationSink } from '../../../lib/notify.ts';
import { renderWithApp } from '../../../../tests/component/render.tsx';
import { ActionPlanScreen } from './action-plan.tsx';

/** The action plan screen over a stubbed fetch: what it asks for and what a user reads. */

const MUNICIPIO = 4;
const requested: string[] = [];
let answer: ActionPlan;

const plan: ActionPlan = {
  municipioId: MUNICIPIO,
  acompanhamentos: [
    { acompanhamentoId: 10, nome: 'Educação', criacao: '2026-03-01T12:00:00.000Z' },
    { acompanhamentoId: 11, nome: 'Turismo', criacao: '2026-04-15T12:00:00.000Z' },
  ],
  temas: [
    {
      temaId: 1,
      nome: 'Educação Empreendedora',
      eixoId: 2,
      eixoNome: 'Empreendedorismo na Escola',
      perguntas: [
        { perguntaId: 9, numero: 12, texto: 'A escola oferece oficinas?', comentario: 'Sem verba' },
        { perguntaId: 8, numero: 3, texto: 'Existe um plano municipal?', comentario: null },
      ],
      solucoes: [
        { municipioSolucaoId: 5, nome: 'Jovem Empreendedor', tarefas: [{ municipioTarefaId: 7, nome: 'Capacitar professores', horas: 4 }] },
      ],
    },
    { temaId: 2, nome: 'Tema sem Não', eixoId: 3, eixoNome: 'Turismo', perguntas: [], solucoes: [] },
  ],
};

function renderAt(path: string) {
  const municipality = { municipioId: MUNICIPIO, nome: 'Chapecó', uf: 'SC' } as MunicipalityDetail;
  return renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/cidade/:id" element={<Outlet context={{ municipality, reloadMunicipality: () => undefined }} />}>
          <Route path="pmd/:acompanhamento" element={<ActionPlanScreen />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(() => {
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL('http://localhost/cidade');
  setNotificationSink(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      requested.push(new Request(input).url);
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

beforeEach(() => {
  requested.length = 0;
  answer = plan;
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

describe('ActionPlanScreen', () => {
  it('asks for the selected follow-ups and shows the Não questions by theme with their solutions and tasks', async () => {
    renderAt(`/cidade/${MUNICIPIO}/pmd/10,11`);
    const theme = await screen.findByRole('region', { name: 'Educação Empreendedora' });
    expect(requested).toEqual([`http://localhost/api/acompanhamento/acompanhamentos/plano-acao/${MUNICIPIO}?ids=10,11`]);
    expect(screen.getByText('Educação (01/03/2026)')).toBeTruthy();
    expect(screen.getByText('Turismo (15/04/2026)')).toBeTruthy();
    expect(within(theme).getByText('Eixo: Empreendedorismo na Escola')).toBeTruthy();
    const questions = within(theme)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(questions.slice(0, 2)).toEqual(['3. Existe um plano municipal?', '12. A escola oferece oficinas?Comentário: Sem verba']);
    expect(within(theme).getByText('Soluções e Tarefas')).toBeTruthy();
    expect(within(theme).getByText('Capacitar professores (4 h)')).toBeTruthy();
    expect(screen.queryByText('Tema sem Não')).toBeNull();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toHaveProperty('disabled', false);
  });

  it('says so when no question was answered Não', async () => {
    answer = { ...plan, temas: [] };
    renderAt(`/cidade/${MUNICIPIO}/pmd/10`);
    expect(await screen.findByText('Nenhuma pergunta respondida com Não nos acompanhamentos selecionados.')).toBeTruthy();
  });

  it('explains an unreadable address and asks the server nothing', async () => {
    for (const ids of ['abc', '0', '10,,11', '10,x']) {
      renderAt(`/cidade/${MUNICIPIO}/pmd/${ids}`);
      expect((await screen.findByRole('alert')).textContent).toContain('Endereço inválido');
      cleanup();
    }
    expect(requested).toEqual([]);
  });
});
