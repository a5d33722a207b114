import type { Locator, Page } from '@playwright/test';
import { cityId, expect, session, signInAs, test } from './fixtures.ts';

/**
 * At 360 px the tab strips (the city's sections, the report's tabs) show every tab whole: a strip
 * scrolled sideways once cut the last one ("Observaç…") with no sign that more followed.
 */
test.use({ viewport: { width: 360, height: 740 } });

/** Each tab lies inside the screen, its text not cut, and the strip does not scroll sideways. */
async function expectWholeTabs(page: Page, strip: Locator, tabs: Locator) {
  await expect(tabs.first()).toBeVisible();
  expect(await strip.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const count = await tabs.count();
  expect(count).toBeGreaterThan(2);
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    const box = (await tab.boundingBox())!;
    const name = await tab.textContent();
    expect(box.x, name!).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name!).toBeLessThanOrEqual(360);
    expect(await tab.evaluate((el) => el.scrollWidth - el.clientWidth), name!).toBeLessThanOrEqual(0);
  }
}

test('at 360 px the city sections and the report tabs show every tab whole', async ({ page }) => {
  // A consultant: the city's sections and a new report (a member writes none).
  await signInAs(page, 'condutor@demo.local');
  const id = await cityId(page.request, await session(page), 'Joinville');

  await page.goto(`/cidade/${id}/geral`);
  const sections = page.getByRole('navigation', { name: /^Seções d/ });
  await expectWholeTabs(page, sections, sections.getByRole('link'));

  await page.goto(`/cidade/${id}/relatorio/inserir`);
  const strip = page.getByRole('tablist');
  await expect(strip.getByRole('tab', { name: 'Observações' })).toBeVisible();
  await expectWholeTabs(page, strip, strip.getByRole('tab'));
  // The last tab opens by touch, as shown.
  await strip.getByRole('tab', { name: 'Observações' }).click();
  await expect(strip.getByRole('tab', { name: 'Observações' })).toHaveAttribute('aria-selected', 'true');
});
