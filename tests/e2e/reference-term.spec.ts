import { REFERENCE_TERM_COLUMNS } from '../../src/domain/reference-term.ts';
import { buildWorkbook } from '../../server/lib/xlsx.ts';
import { cityId, expect, expectNoSeriousAxeViolations, headers, session, signInAs, test } from './fixtures.ts';

/**
 * The reference term end to end (issue 30): an administrator uploads a sheet with one bad line,
 * sees that line's errors in Portuguese with nothing written, fixes it on screen and confirms; the
 * term then shows the phases and activities. Then the screens at 360 px with axe.
 */

const sheet = () =>
  buildWorkbook([
    {
      name: 'Termo de referência',
      columns: REFERENCE_TERM_COLUMNS,
      rows: [
        { fase: 'Mobilização', faseDescricao: 'Adesão do município', atividade: 'Assinatura do termo de adesão', inicio: '2026-02-02', fim: '2026-02-06', horas: 4 },
        { fase: 'Mobilização', atividade: '', inicio: '2026-02-20', fim: '2026-02-10', horas: 6 },
        { fase: 'Capacitação', atividade: 'Curso de compras públicas', inicio: '2026-03-02', horas: 16, responsavel: 'Consultor especialista' },
      ],
    },
  ]);

test.describe('reference term', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an admin uploads a term with one bad line, fixes it on screen and confirms', async ({ page, request }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'admin@demo.local');
    const id = await cityId(request, await session(page), 'Joinville');
    await page.goto(`/cidade/${id}/termo-referencia/0`);
    await expect(page.getByRole('heading', { name: 'Termo de Referência', level: 2 })).toBeVisible();
    await page.getByRole('link', { name: 'Importar planilha' }).click();
    await page.getByLabel(/Planilha do termo de referência/).setInputFiles({
      name: 'termo-joinville.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await sheet(),
    });
    await expect(page.getByText('Linha 3: a atividade é obrigatória; o fim não pode ser antes do início.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirmar e gravar' })).toBeDisabled();
    // Nothing was written by the preview.
    const before = await (await request.get(`/api/termo-referencia/municipio/${id}`, { headers: headers(await session(page)) })).json();
    expect(before.fases.some((f: { nome: string }) => f.nome === 'Capacitação')).toBe(false);

    await page.getByLabel('Atividade (linha 3)', { exact: true }).fill('Reunião com o comitê gestor');
    await page.getByLabel('Fim (linha 3)', { exact: true }).fill('27/02/2026');
    await expect(page.getByText('Nenhum erro encontrado. Confirme para gravar o termo.')).toBeVisible();
    await page.getByRole('button', { name: 'Confirmar e gravar' }).click();

    await expect(page).toHaveURL(new RegExp(`/cidade/${id}/termo-referencia/0$`));
    await expect(page.getByRole('heading', { name: '1. Mobilização' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '2. Capacitação' })).toBeVisible();
    await expect(page.getByText('Reunião com o comitê gestor')).toBeVisible();
    await expect(page.getByText(/planilha termo-joinville\.xlsx/)).toBeVisible();
  });

  test('the term, the import and the summaries at 360 px pass axe', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 780 });
    await signInAs(page, 'condutor@demo.local');
    const id = await cityId(request, await session(page), 'Florianópolis');
    await page.goto(`/cidade/${id}/termo-referencia/0`);
    // The seed's term: an interrupted activity says so.
    await expect(page.getByRole('heading', { name: '2. Plano de ação' })).toBeVisible();
    await expect(page.getByText('Interrompida').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.goto(`/cidade/${id}/termo-referencia/importar`);
    await expect(page.getByRole('button', { name: 'Baixar modelo' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.goto('/termo-referencia');
    await expect(page.getByRole('link', { name: 'Florianópolis' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.goto(`/cidade/${id}/resumo-municipio`);
    await expect(page.getByRole('heading', { name: 'Situação do plano de ação' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'Novo resumo' }).click();
    await page.getByRole('textbox', { name: 'Título' }).fill('Visita de dezembro');
    await page.getByRole('textbox', { name: 'Resumo' }).fill('Feira do empreendedor realizada.');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page).toHaveURL(new RegExp(`/cidade/${id}/resumo-municipio$`));
    await expect(page.getByRole('heading', { name: 'Visita de dezembro' })).toBeVisible();
  });
});
