import { expect, test, type Page } from '@playwright/test';
import { openPlayground } from './helpers/playground.ts';

// Issue #13, "secrets by default": keys in shapes no list of known names catches, a user:pass@ URL, and an error
// message about a keyed URL. None of them may be shown or saved unless the user reveals or remembers them.
const origin = 'http://127.0.0.1:18546';
const user = 'aliceUSER';
const password = 'PASSWORDhunter2';
const shapes = {
  pathKey: 'KEY123SECRET',
  authToken: 'tokSECRET1',
  jwt: 'eyJhbGciOiJIUzI1NiJ9',
  afterKey: 'plainword',
  semicolon: 'semiSECRET',
  fragment: 'fragSECRET',
  quicknode: '7f3e9a1b2c',
  letters30: 'abcdefghijklmnopqrstuvwxyzabcd',
};
const keyed = {
  name: 'Keyed',
  url: `${origin}/${shapes.pathKey}/api/key/${shapes.afterKey};key=${shapes.semicolon}?auth_token=${shapes.authToken}&jwt=${shapes.jwt}#${shapes.fragment}`,
  shown: `${origin}/••••/api/key/••••;key=••••?auth_token=••••&jwt=••••#••••`,
};
const withUserInfo = {
  name: 'Guarded',
  url: `http://${user}:${password}@127.0.0.1:18546/${shapes.quicknode}/`,
  shown: `${origin}/••••/`,
};
const unreachable = { name: 'Down', url: `${origin}/down/${shapes.letters30}`, shown: `${origin}/down/••••` };
const secrets = [...Object.values(shapes), user, password];
const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'content-type, authorization',
  'Access-Control-Allow-Methods': 'POST',
};

// No node runs there: the browser answers for it, and only when it was given the real key and credentials.
async function routeNode(page: Page) {
  await page.route(`${origin}/**`, async (route) => {
    const r = route.request();
    if (r.url().includes('/down/')) return route.abort('connectionrefused');
    if (r.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const basic = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    const ok = r.url().includes(shapes.quicknode)
      ? r.headers()['authorization'] === basic
      : [shapes.pathKey, shapes.afterKey, shapes.semicolon, shapes.authToken, shapes.jwt].every((k) =>
          r.url().includes(k),
        );
    if (!ok) return route.fulfill({ status: 401, headers: cors, body: 'unauthorized' });
    const req = r.postDataJSON() as { id: number };
    return route.fulfill({ headers: cors, json: { jsonrpc: '2.0', id: req.id, result: '0x2a' } });
  });
}

/** The page's text and every form value except the endpoint form's own URL fields. */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const values = [
      ...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
        'input, textarea, select',
      ),
    ]
      .filter((i) => !['url', 'wsUrl'].includes(i.getAttribute('data-endpoint-field') ?? ''))
      .map((i) => i.value);
    return [document.body.innerText, document.body.textContent, ...values].join('\n');
  });
}

async function expectNothingShown(page: Page, where: string) {
  const text = await shownText(page);
  for (const s of secrets) expect(text, `${where} shows ${s}`).not.toContain(s);
}

async function storage(page: Page): Promise<string> {
  await page.waitForFunction(() => !(window as any).__playground.savePending());
  return page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
}

async function addEndpoint(page: Page, e: { name: string; url: string }, remember = false) {
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await page.getByTestId('add-endpoint').click();
  await page.locator('[data-endpoint-field=name]').fill(e.name);
  await page.locator('[data-endpoint-field=url]').fill(e.url);
  await page.locator('[data-endpoint-field=url]').blur();
  if (remember) await page.locator('#remember-password').check();
  await expectNothingShown(page, `the form for ${e.name}`);
  await page.getByTestId('save-endpoint').click();
  await expect(page.getByTestId('endpoint-form')).toHaveCount(0);
}

async function select(page: Page, name: string) {
  const id = await page.locator('[data-endpoint]', { hasText: name }).first().getAttribute('data-endpoint');
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('endpoint-select').selectOption(id!);
}

async function send(page: Page, name: string) {
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await select(page, name);
  await page.getByTestId('method-select').selectOption('eth_blockNumber');
  await page.getByTestId('send').click();
}

test('an endpoint key is masked everywhere on screen and kept in memory only', async ({ page }) => {
  await routeNode(page);
  await openPlayground(page);

  // The form: the URL shown while typed (a new endpoint), masked preview, hidden on demand, user:pass@ moved into
  // the basic-auth fields.
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await page.getByTestId('add-endpoint').click();
  await page.screenshot({ path: test.info().outputPath('endpoint-form-blank.png') });
  const urlField = page.locator('[data-endpoint-field=url]');
  await page.locator('[data-endpoint-field=name]').fill(withUserInfo.name);
  await urlField.fill(withUserInfo.url);
  await urlField.blur();
  await expect(urlField).toHaveAttribute('type', 'text');
  await expect(urlField).toHaveValue(`${origin}/${shapes.quicknode}/`);
  await expect(page.locator('[data-endpoint-field=user]')).toHaveValue(user);
  await expect(page.locator('[data-endpoint-field=password]')).toHaveValue(password);
  await expect(page.getByTestId('note-url')).toContainText('moved into the basic-auth fields');
  await expect(page.getByTestId('preview-url')).toHaveText(`Shown as ${withUserInfo.shown}`);
  await page.screenshot({ path: test.info().outputPath('endpoint-form.png') });
  await page.getByTestId('reveal-urls').uncheck();
  await expect(urlField).toHaveAttribute('type', 'password');
  await page.getByTestId('reveal-urls').check();
  await expect(urlField).toHaveAttribute('type', 'text');
  await page.getByTestId('save-endpoint').click();

  await addEndpoint(page, keyed);
  await addEndpoint(page, unreachable);
  const list = page.getByTestId('endpoint-list');
  for (const e of [keyed, withUserInfo, unreachable]) await expect(list).toContainText(e.shown);
  await expect(list).toContainText('secrets kept in this tab only');
  await page.screenshot({ path: test.info().outputPath('endpoints-panel.png') });
  await expectNothingShown(page, 'the endpoints panel');

  // Sending uses the real key (the node checks it); nothing shown afterwards carries it.
  for (const e of [keyed, withUserInfo]) {
    await send(page, e.name);
    await expect(page.getByTestId('result-json')).toContainText('0x2a');
    await expectNothingShown(page, `the request and result after sending to ${e.name}`);
  }
  await send(page, unreachable.name);
  await expect(page.getByTestId('result-error')).toBeVisible();
  await expectNothingShown(page, 'the error message');
  for (const tab of ['Ready to send', 'History', 'Endpoints']) {
    await page.getByRole('tab', { name: tab }).click();
    await expectNothingShown(page, `the ${tab} tab`);
  }
  await page.getByRole('tab', { name: 'Ready to send' }).click();
  await page.locator('#include-credentials').check();
  await expectNothingShown(page, 'the snippets with "copy with credentials" ticked');

  // localStorage: no key, user or password without "remember".
  const stored = await storage(page);
  expect(stored).toContain(keyed.name);
  for (const s of secrets) expect(stored, `localStorage holds ${s}`).not.toContain(s);

  // A reload keeps the endpoints recognisable and asks for the key again.
  await page.reload();
  await page.waitForFunction(() => (window as any).__playground?.isChecked());
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await expect(page.locator('[data-endpoint]', { hasText: keyed.name })).toContainText(
    'key not remembered: edit to paste it again',
  );
  await expectNothingShown(page, 'the page after a reload');
});

test('"remember secrets on this device" keeps the key across a reload, still masked on screen', async ({
  page,
}) => {
  await routeNode(page);
  await openPlayground(page);
  await addEndpoint(page, keyed, true);
  await expect(page.getByTestId('endpoint-list')).toContainText('secrets remembered on this device');
  const stored = await storage(page);
  for (const s of [shapes.pathKey, shapes.authToken, shapes.jwt]) expect(stored).toContain(s);

  await page.reload();
  await page.waitForFunction(() => (window as any).__playground?.isChecked());
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await expect(page.getByTestId('endpoint-list')).toContainText(keyed.shown);
  await expectNothingShown(page, 'the page after a reload');
  await send(page, keyed.name);
  await expect(page.getByTestId('result-json')).toContainText('0x2a');
  await expectNothingShown(page, 'the result');

  // Editing shows the remembered URL only in the form's own (hidden) field.
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await page
    .locator('[data-endpoint]', { hasText: keyed.name })
    .getByRole('button', { name: 'Edit' })
    .click();
  await expect(page.locator('[data-endpoint-field=url]')).toHaveValue(keyed.url);
  await expect(page.getByTestId('preview-url')).toHaveText(`Shown as ${keyed.shown}`);
  await expectNothingShown(page, 'the edit form');
});
