import { cityId, expect, expectNoSeriousAxeViolations, headers, session, signInAs, test } from './fixtures.ts';

/**
 * The territorial agent's municipality tabs (issue 31): the radar of a seeded municipality renders
 * with the numbers the API gives, every tab opens (and a detail by its {tabId}), and at 360 px the
 * screens pass axe.
 */

type Axis = { nome: string; pontosObtidos: number; pontosPossiveis: number; percentual: number };

test.describe('territorial agent tabs', () => {
  test('the radar of a seeded municipality renders and its table matches the API', async ({ page, request }) => {
    await signInAs(page, 'admin@demo.local');
    const s = await session(page);
    const id = await cityId(request, s, 'Florianópolis');
    const radar = (await (await request.post('/api/municipio/get-radar', { headers: headers(s), data: { municipioId: id } })).json()) as {
      eixos: Axis[];
      situacaoDiagnostico: string;
    };
    expect(radar.eixos.length).toBeGreaterThanOrEqual(3);

    await page.goto(`/cidade/${id}/agenteTerritorial/diagnostico`);
    await expect(page.getByRole('heading', { name: 'Diagnóstico e radar', level: 2 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Seções do agente territorial' })).toBeVisible();
    await expect(page.getByTestId('diagnostic-situation')).toHaveText(radar.situacaoDiagnostico);
    await expect(page.getByRole('img', { name: /Radar de Florianópolis/ })).toBeVisible();
    await expect(page.getByTestId('radar-shape')).toHaveCount(1);
    const table = page.getByRole('table', { name: 'Pontos por eixo' });
    for (const axis of radar.eixos) {
      const row = table.getByRole('row', { name: new RegExp(axis.nome) });
      await expect(row).toContainText(String(axis.pontosObtidos));
      await expect(row).toContainText(String(axis.pontosPossiveis));
      await expect(row).toContainText(`${axis.percentual}%`);
    }
  });

  test('each tab opens, with a detail by its id', async ({ page, request }) => {
    await signInAs(page, 'admin@demo.local');
    const s = await session(page);
    const id = await cityId(request, s, 'Florianópolis');
    // The way in: the Geral tab links the agent's tabs (the spec gives them no city tab).
    await page.goto(`/cidade/${id}/geral`);
    await page.getByRole('region', { name: 'Agente territorial' }).getByRole('link', { name: 'Diagnóstico e radar' }).click();
    await expect(page).toHaveURL(new RegExp(`/cidade/${id}/agenteTerritorial/diagnostico$`));

    await page.getByRole('link', { name: 'Temas finalizados' }).click();
    await expect(page.getByRole('heading', { name: 'Temas finalizados', level: 2 })).toBeVisible();
    const themes = page.getByRole('table', { name: 'Temas finalizados' });
    const firstTheme = themes.getByRole('link').first();
    const themeName = (await firstTheme.textContent())!;
    await firstTheme.click();
    await expect(page).toHaveURL(new RegExp(`/cidade/${id}/agenteTerritorial/temas/\\d+$`));
    await expect(page.getByRole('heading', { name: themeName, level: 3 })).toBeVisible();

    await page.getByRole('link', { name: 'Relatório de tarefas' }).click();
    await expect(page.getByRole('heading', { name: 'Relatório de tarefas', level: 2 })).toBeVisible();
    const solutions = page.getByRole('table', { name: 'Relatório de tarefas' });
    const firstSolution = solutions.getByRole('link').first();
    const solutionName = (await firstSolution.textContent())!;
    await firstSolution.click();
    await expect(page).toHaveURL(new RegExp(`/cidade/${id}/agenteTerritorial/tarefas/\\d+$`));
    await expect(page.getByRole('heading', { name: new RegExp(`de ${solutionName}$`), level: 3 })).toBeVisible();

    await page.getByRole('link', { name: 'Visão Gov' }).click();
    await expect(page.getByRole('heading', { name: 'Visão Gov', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Instituições', level: 3 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Fases e atividades', level: 3 })).toBeVisible();
    await expect(page.getByText(/^Grupo de Fases: /).first()).toBeVisible();
  });

  test.describe('at 360 px', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the four tabs fit and pass axe', async ({ page, request }) => {
      await signInAs(page, 'admin@demo.local');
      const id = await cityId(request, await session(page), 'Florianópolis');
      for (const [tab, heading] of [
        ['diagnostico', 'Diagnóstico e radar'],
        ['temas', 'Temas finalizados'],
        ['tarefas', 'Relatório de tarefas'],
        ['gov', 'Visão Gov'],
      ] as const) {
        await page.goto(`/cidade/${id}/agenteTerritorial/${tab}`);
        await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'Carregando' })).toHaveCount(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await expectNoSeriousAxeViolations(page);
      }
    });
  });
});
