import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, headers, PASSWORD, session, signIn, signInAs, test, userMenuItem } from './fixtures.ts';
import { waitForMailLink } from './mail.ts';

/**
 * Payment processes end to end (issue 28), against the real server and its demo data (a contract
 * of the demo conductor with reports left to bill): the consultant opens a process from two
 * reports with an attachment, finds the number prefilled and the hours summed, downloads the
 * service report; the office (Operações) approves it, sends it to SGF and asks for the electronic
 * signature; the consultant signs from the mailed link. Then the screens at 360 px with axe.
 */

const BASE = '/api/relatorio/relatorioGestaoPagamento';

type Contract = { contratoId: number; numContrato: string; inicio: string; fim: string; ativo: boolean };

function br(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}${m}${y}`;
}

function dayAfter(iso: string): string {
  return new Date(Date.parse(`${iso.slice(0, 10)}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

async function userId(page: Page): Promise<number> {
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('ce:session'))) ?? '{}') as {
    user?: { usuarioId: number };
    usuario?: { usuarioId: number };
  };
  return (stored.user ?? stored.usuario)!.usuarioId;
}

function pdf(name: string) {
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${name}\n${'0'.repeat(2048)}\n%%EOF\n`) };
}

async function openAdministration(page: Page, item: string) {
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await nav.getByRole('button', { name: 'Administração' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test.describe('payment processes', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a consultant opens a process from two reports with an attachment; the office (Operações) approves it, sends it to SGF and asks for the signature, which the consultant gives from the mailed link', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await signInAs(page, 'condutor@demo.local');
    const me = await userId(page);
    const h = headers(await session(page));
    const contracts = ((await (await request.get(`/api/contratos/usuario/${me}`, { headers: h })).json()) as Contract[]).filter(
      (c) => c.ativo,
    );
    // The current contract: the demo's reports to bill are in it.
    const contract = contracts.sort((a, b) => b.fim.localeCompare(a.fim))[0]!;
    const next = (await (await request.get(`${BASE}/obter-numero-relatorio/${me}/${contract.contratoId}`, { headers: h })).json()) as {
      quantidadeAtual: number;
      ultimoPeriodo: string | null;
    };
    const lastEnd = next.ultimoPeriodo?.match(/(\d{2})\/(\d{2})\/(\d{4})\s*$/);
    const start = lastEnd ? dayAfter(`${lastEnd[3]}-${lastEnd[2]}-${lastEnd[1]}`) : contract.inicio.slice(0, 10);

    await openAdministration(page, 'Meus Processos de Pagamentos');
    await expect(page).toHaveURL(new RegExp(`/gestao-pagamento/usuario/${me}$`));
    await page.getByRole('button', { name: 'Novo processo de pagamento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo processo de pagamento' });
    await dialog.getByRole('combobox', { name: 'Contrato' }).selectOption(String(contract.contratoId));

    // Spec §4: the number comes from the server, prefilled.
    await expect(dialog.getByRole('textbox', { name: 'Número' })).toHaveValue(String(next.quantidadeAtual + 1));
    await expect(dialog.getByText('Total de horas: 0 h')).toBeVisible();
    const reports = dialog.getByRole('group', { name: 'Relatórios', exact: true }).getByRole('checkbox');
    await reports.nth(0).check({ force: true });
    await reports.nth(1).check({ force: true });
    await expect(dialog.getByText('Total de horas: 0 h')).toHaveCount(0);

    await dialog.getByRole('textbox', { name: 'Código de contratação' }).fill('CT-E2E');
    await dialog.getByRole('textbox', { name: 'Período de realização' }).pressSequentially(`${br(start)}${br(contract.fim)}`);
    await dialog.getByRole('textbox', { name: 'Total' }).fill('1500,5');
    await dialog.getByLabel('Adicionar anexos').setInputFiles([pdf('nota-fiscal.pdf')]);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Processo de pagamento aberto com sucesso')).toBeVisible();

    // The detail opens on the new process: its total as typed, and the service report as a PDF.
    const detail = page.getByRole('dialog', { name: /Processo de pagamento \d+/ });
    await expect(detail.getByText('R$\u00a01.500,50')).toBeVisible();
    const download = page.waitForEvent('download');
    await detail.getByRole('button', { name: 'Baixar relatório de prestação de serviço' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    const numero = (await detail.getByRole('heading').first().textContent())!.replace(/\D+/g, '');
    await detail.getByRole('button', { name: 'Fechar' }).click();

    await userMenuItem(page, 'Sair');
    await signIn(page, 'operacoes@demo.local', PASSWORD);
    await expect(page).toHaveURL(/\/cidade$/);
    await openAdministration(page, 'Processos de pagamentos');
    await page
      .getByRole('button', { name: `Abrir o processo ${numero}` })
      .first()
      .click();
    const analysis = page.getByRole('dialog', { name: `Processo de pagamento ${numero}` });
    await analysis.getByRole('button', { name: 'Aprovar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Aprovar' }).click();
    await expect(page.getByText('Processo de pagamento aprovado')).toBeVisible();
    await analysis.getByRole('button', { name: 'Enviar ao SGF' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Processo enviado ao SGF')).toBeVisible();
    await expect(analysis.getByRole('button', { name: 'Enviar ao SGF' })).toHaveCount(0);

    // The office asks for the electronic signature: a signed link goes to the consultant by mail.
    const askedAt = Date.now();
    await analysis.getByRole('button', { name: 'Pedir assinatura eletrônica' }).click();
    await expect(page.getByText('Pedido de assinatura eletrônica enviado por e-mail')).toBeVisible();
    await expect(analysis.getByText(/^Solicitada em /)).toBeVisible();
    const mailed = new URL(
      await waitForMailLink('condutor@demo.local', askedAt, {
        pattern: /https?:\/\/\S+\/gestao-pagamento\/usuario\/\d+\?assinar=\d+&codigo=[\w-]+/,
      }),
    );
    expect(mailed.pathname).toBe(`/gestao-pagamento/usuario/${me}`);
    const link = mailed.pathname + mailed.search;

    // Someone else's link: the office sees the process but may not sign for the consultant.
    await page.goto(link);
    const panel = page.getByRole('region', { name: 'Assinatura eletrônica' });
    await expect(panel.getByText(`Processo de pagamento nº ${numero}`)).toBeVisible();
    await panel.getByRole('button', { name: 'Assinar relatório de prestação de serviço' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Só o consultor do processo pode assinar o relatório de prestação de serviço.');
    await expect(panel.getByRole('button', { name: 'Assinar relatório de prestação de serviço' })).toBeVisible();

    // The consultant opens the link, signs, and the process says when.
    await userMenuItem(page, 'Sair');
    await signIn(page, 'condutor@demo.local', PASSWORD);
    await expect(page).toHaveURL(/\/cidade$/);
    await page.goto(link);
    await expect(panel.getByText(`Processo de pagamento nº ${numero}`)).toBeVisible();
    await panel.getByRole('button', { name: 'Assinar relatório de prestação de serviço' }).click();
    await expect(page.getByText('Relatório de prestação de serviço assinado com sucesso')).toBeVisible();
    await expect(panel.getByRole('status')).toHaveText(/^Relatório de prestação de serviço assinado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/);
    await expectNoSeriousAxeViolations(page);
    // Opened again, the link offers no second signature; the detail shows it signed.
    await page.reload();
    await expect(panel.getByRole('status')).toContainText('assinado em');
    await expect(panel.getByRole('button', { name: 'Assinar relatório de prestação de serviço' })).toHaveCount(0);
    // The link is opened on a phone as often as not: the panel fits 360 px.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(panel.getByRole('button', { name: 'Ver o processo' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousAxeViolations(page);
    await panel.getByRole('button', { name: 'Ver o processo' }).click();
    await expect(page.getByRole('dialog', { name: `Processo de pagamento ${numero}` }).getByText(/^Assinado em /)).toBeVisible();
  });
});

test('at 360 px the payment screens fit and have no serious axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, 'condutor@demo.local');
  const me = await userId(page);
  for (const path of ['/gestao-pagamento', `/gestao-pagamento/usuario/${me}`]) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Novo processo de pagamento' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousAxeViolations(page);
  }
  await page.getByRole('button', { name: 'Novo processo de pagamento' }).click();
  await expect(page.getByRole('dialog', { name: 'Novo processo de pagamento' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
