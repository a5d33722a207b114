import { cityId, expect, goOffline, makeAvailableOffline, serviceWorkerReady, session, signInAs, test } from './fixtures.ts';

/** Issue 12 item 9: a consultant on a 360 px phone, in the field. */
test.use({ viewport: { width: 360, height: 740 } });

test('on a phone, past reports come with "Disponível offline" and show as cards with their status', async ({ page, context, request }) => {
  await signInAs(page, 'admin@demo.local');
  await serviceWorkerReady(page);
  const s = await session(page);
  const id = await cityId(request, s, 'Florianópolis');
  await makeAvailableOffline(page, id, 'Florianópolis');

  await goOffline(context, page);
  await page.goto(`/cidade/${id}/relatorio`);
  const list = page.getByRole('list', { name: 'Relatórios' });
  await expect(list).toBeVisible();
  const first = list.getByRole('listitem').first();
  await expect(first).toBeVisible();
  // The status is the first field under the title, inside the screen.
  await expect(first.getByRole('term').first()).toHaveText('Situação');
  const box = await first.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
