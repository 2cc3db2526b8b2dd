import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { decodeShareHash } from '../../src/state/shareLink.ts';
import { openPlayground } from './helpers/playground.ts';

// One endpoint carrying every kind of secret: a key in the path, a key in the query, a basic-auth user and password.
const pathKey = 'SECRETKEY123';
const queryKey = 'QUERYSECRET42';
const user = 'aliceUSER';
const password = 'PASSWORDhunter2';
const secrets = [pathKey, queryKey, user, password];
const origin = 'http://127.0.0.1:18545';
const url = `${origin}/v2/${pathKey}?apikey=${queryKey}`;
const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'content-type, authorization',
  'Access-Control-Allow-Methods': 'POST',
};

function expectNoSecret(what: string, text: string) {
  for (const s of secrets) expect(text, `${what} holds ${s}`).not.toContain(s);
}

// No such node runs here: the browser answers for it (Playwright routing), checking the credentials it was given.
async function routeNode(page: Page) {
  await page.route(`${origin}/**`, async (route) => {
    const r = route.request();
    if (r.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const auth = r.headers()['authorization'];
    const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    if (auth !== expected || !r.url().includes(pathKey) || !r.url().includes(queryKey))
      return route.fulfill({ status: 401, headers: cors, body: 'unauthorized' });
    const req = r.postDataJSON() as { id: number };
    return route.fulfill({ headers: cors, json: { jsonrpc: '2.0', id: req.id, result: '0x2a' } });
  });
}

async function addSecretEndpoint(page: Page, remember: boolean) {
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  await page.getByTestId('add-endpoint').click();
  await page.locator('[data-endpoint-field=name]').fill('Provider');
  await page.locator('[data-endpoint-field=url]').fill(url);
  await page.locator('[data-endpoint-field=user]').fill(user);
  await page.locator('[data-endpoint-field=password]').fill(password);
  if (remember) await page.locator('#remember-password').check();
  await page.getByTestId('save-endpoint').click();
  await page.locator('[data-endpoint]', { hasText: 'Provider' }).getByRole('button', { name: 'Use' }).click();
}

async function clipboardAfter(page: Page, testId: string): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByTestId(testId).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe('');
  return page.evaluate(() => navigator.clipboard.readText());
}

async function allStorage(page: Page): Promise<string> {
  await page.keyboard.press('Control+s'); // saves at once
  return page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
}

test('no secret leaves the page unless the user reveals or remembers it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await routeNode(page);
  await openPlayground(page);
  await addSecretEndpoint(page, false);

  // On screen: masked URLs only.
  await expect(page.getByTestId('endpoint-list')).toContainText(`${origin}/v2/••••?apikey=••••`);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('eth_blockNumber');
  expectNoSecret('the page text', await page.evaluate(() => document.body.innerText));
  expectNoSecret('the endpoint choice', await page.getByTestId('endpoint-select').innerText());

  // Sending uses the secrets (the node checks them) but the history keeps none.
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-json')).toContainText('0x2a');
  await page.getByRole('tab', { name: 'History' }).click();
  expectNoSecret('the history panel', await page.getByTestId('history').innerText());
  expectNoSecret(
    'the history entries',
    await page.evaluate(() => JSON.stringify((window as any).__playground.store.get().history)),
  );

  // Every copied snippet.
  await page.getByRole('tab', { name: 'Ready to send' }).click();
  for (const id of ['copy-flat', 'copy-body', 'copy-curl', 'copy-fetch', 'copy-ethers'])
    expectNoSecret(`the ${id} clipboard text`, await clipboardAfter(page, id));
  expect(await clipboardAfter(page, 'copy-curl')).toContain('<USERNAME>:<PASSWORD>');

  // The share link (decompressed) and the exported tracer file.
  const link = await clipboardAfter(page, 'share');
  const decoded = decodeShareHash(new URL(link).hash);
  const payload = JSON.stringify(decoded);
  expect(decoded.kind).toBe('ok');
  expectNoSecret('the share link', link + payload);
  const download = page.waitForEvent('download');
  await page.getByTestId('export-tracer').click();
  expectNoSecret('the exported tracer', readFileSync((await (await download).path())!, 'utf8'));

  // localStorage: nothing secret while "remember" is not ticked.
  const stored = await allStorage(page);
  expect(stored).toContain('Provider');
  expectNoSecret('localStorage', stored);

  // Revealed on request: the snippets then carry the credentials.
  await page.locator('#include-credentials').check();
  const revealed = await clipboardAfter(page, 'copy-curl');
  for (const s of secrets) expect(revealed).toContain(s);
  await page.screenshot({ path: test.info().outputPath('secrets-ready-to-send.png') });

  // After a reload the key must be pasted again; sending says so instead of calling a masked URL.
  await page.reload();
  await page.waitForFunction(() => (window as any).__playground?.isChecked());
  await expect(page.getByTestId('endpoint-list')).toContainText('key not remembered');
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-error')).toContainText('was not remembered on this device');
  await page.screenshot({ path: test.info().outputPath('secrets-forgotten.png') });
});

test('"remember secrets on this device" keeps them in localStorage and sending works after a reload', async ({
  page,
}) => {
  await routeNode(page);
  await openPlayground(page);
  await addSecretEndpoint(page, true);
  const stored = await allStorage(page);
  for (const s of secrets) expect(stored).toContain(s);
  await page.reload();
  await page.waitForFunction(() => (window as any).__playground?.isChecked());
  await expect(page.getByTestId('endpoint-list')).not.toContainText(pathKey);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.getByTestId('method-select').selectOption('eth_blockNumber');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('result-json')).toContainText('0x2a');
});
