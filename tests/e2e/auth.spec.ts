import { expect, headers, newUserWithPassword, PASSWORD, serviceWorkerReady, session, signIn, test, userMenuItem } from './fixtures.ts';
import { waitForMailLink } from './mail.ts';

test('a consultant logs in and sees their municipalities, sorted and searchable', async ({ page }) => {
  await page.goto('/auth/login');
  await signIn(page, 'condutor@demo.local');
  await expect(page).toHaveURL(/\/cidade$/);
  await expect(page.getByRole('heading', { name: 'Municípios' })).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  // Header row + exactly the municipalities the server gives this consultant (which ones is the
  // server suite's business), and none of the others.
  const s = await session(page);
  const allowed = ((await (await page.request.get('/api/municipio', { headers: headers(s) })).json()) as { nome: string }[]).map(
    (c) => c.nome,
  );
  expect(allowed.length).toBeGreaterThan(1);
  await expect(rows).toHaveCount(allowed.length + 1);
  const names = await rows.locator('td:first-child, th:first-child').allInnerTexts();
  const cities = names.slice(1);
  expect(cities.toSorted()).toEqual(allowed.toSorted());
  expect(cities).toEqual([...cities].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })));
  const search = page.getByLabel('Buscar município');
  await search.fill('zzz');
  await expect(page.getByText('Nenhum Município retornado')).toBeVisible();
  // Accent-insensitive search: typed without accents, finds the name with them.
  const first = cities[0];
  await search.fill(
    first
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase(),
  );
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(first);
});

test('a wrong password shows the server message and keeps what was typed', async ({ page }) => {
  await page.goto('/auth/login');
  await signIn(page, 'analista@demo.local', 'senha-errada');
  await expect(page.getByRole('alert')).toContainText('E-mail/CPF ou senha inválidos.');
  await expect(page.getByLabel('E-mail ou CPF')).toHaveValue('analista@demo.local');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('lost password: the mailed link sets a new password that then logs in', async ({ page }) => {
  // Its own user: the password changes, so a retry or another test must not depend on it.
  const { email } = await newUserWithPassword(page.request);
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/auth\/lost-password$/);
  const requestedAt = Date.now() - 1000;
  await page.getByLabel('E-mail ou CPF').fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText(/enviamos um e-mail com o link/)).toBeVisible();

  const link = await waitForMailLink(email, requestedAt);
  await page.goto(new URL(link).pathname);
  await expect(page.getByText(/Olá, /)).toBeVisible();
  await page.getByLabel('Nova senha').fill('novaSenha123');
  await page.getByLabel('Confirmar senha').fill('novaSenha123');
  await page.getByRole('button', { name: 'Salvar senha' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Senha alterada com sucesso').first()).toBeVisible();

  await signIn(page, email, 'novaSenha123');
  await expect(page).toHaveURL(/\/cidade$/);

  // The link works only once.
  await userMenuItem(page, 'Sair');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto(new URL(link).pathname);
  await expect(page.getByText(/Link inválido ou expirado/)).toBeVisible();
});

test('unknown paths go to /cidade; the last path is restored after login', async ({ page }) => {
  await page.goto('/alguma/rota/que-nao-existe');
  // Logged out: the login screen first, then back to where the user was going (/cidade).
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, 'especialista@demo.local');
  await expect(page).toHaveURL(/\/cidade$/);
  await page.goto('/outra-rota-inexistente');
  await expect(page).toHaveURL(/\/cidade$/);
  // A logged-in user never sees the auth screens.
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/cidade$/);
});

test('a screen the spec names but the product lacks says so, with a way back; unknown paths still go to /cidade', async ({ page }) => {
  await page.goto('/auth/login');
  await signIn(page, 'admin@demo.local');
  await expect(page).toHaveURL(/\/cidade$/);
  // Every screen spec §2 names is built since issues 31 and 34; its {tab} patterns still answer a tab the
  // product does not have (a link from an older version) with this page rather than /cidade.
  for (const path of ['/sala-principal/1/aba-inexistente', '/cidade/1/agenteTerritorial/aba-inexistente']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByText('Esta tela ainda não está disponível')).toBeVisible();
  }
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(/\/cidade$/);
  await page.goto('/eixos-que-nao-existem');
  await expect(page).toHaveURL(/\/cidade$/);
});

test('an expired session goes to the login and comes back to the same page', async ({ page }) => {
  await page.goto('/auth/login');
  await signIn(page, 'analista@demo.local');
  await expect(page).toHaveURL(/\/cidade$/);
  await userMenuItem(page, 'Alterar senha');
  await expect(page).toHaveURL(/\/usuario\/atualizar-senha$/);
  // A token the server no longer accepts makes the next call answer 401.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      const value = localStorage.getItem(key) ?? '';
      if (value.includes('eyJ')) localStorage.setItem(key, value.replace(/eyJ[\w-]*\.[\w-]*\.[\w-]*/g, 'eyJhbGciOiJIUzI1NiJ9.e30.invalid'));
    }
  });
  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Sessão expirada. Entre novamente.').first()).toBeVisible();
  await signIn(page, 'analista@demo.local');
  await expect(page).toHaveURL(/\/usuario\/atualizar-senha$/);
});

test('a signed-out user who opens a link signs in and lands on the page the link named', async ({ page }) => {
  // A link mailed to a consultant (the payment signature, a report) opened in a browser with no session.
  await page.goto('/usuario/atualizar-senha?de=email');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, 'analista@demo.local');
  await expect(page).toHaveURL(/\/usuario\/atualizar-senha\?de=email$/);
  // A deliberate sign-out forgets it: the next sign-in starts at the municipalities.
  await userMenuItem(page, 'Sair');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, 'analista@demo.local');
  await expect(page).toHaveURL(/\/cidade$/);
});

test('a signed-in user changes their own password', async ({ page }) => {
  // Its own user: the password changes, so a retry or another test must not depend on it.
  const { email } = await newUserWithPassword(page.request);
  await page.goto('/auth/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/cidade$/);
  await userMenuItem(page, 'Alterar senha');
  await expect(page).toHaveURL(/\/usuario\/atualizar-senha$/);
  await page.getByLabel('Senha atual').fill('nao-e-esta');
  await page.getByLabel('Nova senha').fill('trocada123');
  await page.getByLabel('Confirmar senha').fill('trocada123');
  await page.getByRole('button', { name: 'Salvar senha' }).click();
  await expect(page.getByRole('alert')).toContainText('A senha atual está incorreta.');
  // What was typed stays.
  await expect(page.getByLabel('Nova senha')).toHaveValue('trocada123');
  await page.getByLabel('Senha atual').fill(PASSWORD);
  await page.getByRole('button', { name: 'Salvar senha' }).click();
  await expect(page).toHaveURL(/\/cidade$/);
  await userMenuItem(page, 'Sair');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, email, 'trocada123');
  await expect(page).toHaveURL(/\/cidade$/);
});

test('the built app runs under the server CSP without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  // Chrome's issues (what Lighthouse's best-practices audit reads) also see violations of workers.
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') violations.push(JSON.stringify(issue.details.contentSecurityPolicyIssueDetails));
  });
  await cdp.send('Audits.enable');
  const response = await page.goto('/auth/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await signIn(page, 'admin@demo.local');
  await expect(page.getByRole('heading', { name: 'Municípios' })).toBeVisible();
  // The list rendered in full (header + every municipality of the tenant) before violations are read.
  const all = (await (await page.request.get('/api/municipio', { headers: headers(await session(page)) })).json()) as unknown[];
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(all.length + 1);
  // A city and its new-report form (the editor, the date fields) run under the same policy.
  const cityId = (all[0] as { municipioId: number }).municipioId;
  await page.goto(`/cidade/${cityId}/relatorio/inserir`);
  await expect(page.getByRole('button', { name: 'Finalizar' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('Sair ends the session on the server, and offline still signs out on the device', async ({ page, context }) => {
  await page.goto('/auth/login');
  await signIn(page, 'sala@demo.local');
  await expect(page).toHaveURL(/\/cidade$/);
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('ce:session') ?? '{}') as { token?: string }).token);
  expect(token).toBeTruthy();
  const sessionWith = (bearer: string) =>
    page.request.get('/api/usuario/sessao', { headers: { authorization: `Bearer ${bearer}`, database: 'sc' } });
  expect((await sessionWith(token!)).status()).toBe(200);
  await userMenuItem(page, 'Sair');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect.poll(async () => (await sessionWith(token!)).status()).toBe(401);

  await signIn(page, 'sala@demo.local');
  await expect(page).toHaveURL(/\/cidade$/);
  const second = await page.evaluate(() => (JSON.parse(localStorage.getItem('ce:session') ?? '{}') as { token?: string }).token);
  // The app must be ready to work offline before the network goes, as a user's is once the page
  // has settled: cut mid-load, the route shows "Não foi possível abrir esta página", and the menus'
  // code (downloaded on first use, issue 32) comes from the worker's copy of the signed-in frame.
  await serviceWorkerReady(page);
  await context.setOffline(true);
  await userMenuItem(page, 'Sair');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await context.setOffline(false);
  // Offline, the server was not told: that token lapses by itself.
  expect((await sessionWith(second!)).status()).toBe(200);
});
