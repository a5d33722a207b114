import { cityId, expect, expectNoSeriousAxeViolations, session, signInAs, test } from './fixtures.ts';

/**
 * Both calendars (the meetings' FullCalendar and the date picker of DateField) are read by axe while
 * open: the other months' days at 4.5:1 (they were faded to 2.0:1) and every day named by its date.
 */

const longDate = (date: Date) =>
  new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Sao_Paulo' }).format(date);

test('the meetings calendar and the date picker: other months readable, every day named, no axe violation', async ({ page }) => {
  await signInAs(page, 'condutor@demo.local');
  const id = await cityId(page.request, await session(page), 'Joinville');
  await page.goto(`/cidade/${id}/evento`);
  const calendar = page.getByRole('region', { name: /^Calendário de Joinville/ });
  // The month view always shows six weeks, so days of the months around it too.
  await expect(calendar.locator('.fc-day-other').first()).toBeVisible();
  await expect(calendar.getByRole('gridcell', { name: longDate(new Date()), exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Novo encontro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Encontro' });
  await dialog.getByRole('button', { name: 'Abrir calendário' }).first().click();
  // Each date field has its picker in the page; only the one opened is shown.
  const picker = page.locator('[data-scope="date-picker"][data-part="content"]:visible');
  await expect(picker.getByRole('button', { name: new RegExp(`${longDate(new Date())}$`) })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // axe skips days that cannot be chosen, as the other months' are here: they must not be faded either.
  const outside = picker.locator('[data-outside-range]:visible');
  for (let i = 0; i < (await outside.count()); i++) {
    await expect(outside.nth(i)).toHaveAccessibleName(/^\S+, \d{1,2} de \S+ de \d{4}$/);
    expect(await outside.nth(i).evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  }
});
