import { expect, test } from './fixtures';

/**
 * The API reference an integrator opens: Swagger UI served by the panel itself, under the panel's
 * Content-Security-Policy, with nothing loaded from anywhere else (the machine is offline).
 */
test('the API reference renders the generated document and opens an endpoint', async ({ page }) => {
  // Console errors and page errors fail the test through the fixtures' page guard.
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  const response = await page.goto('/panel/api/v1/reference');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: /Excellence Club panel API/ })).toBeVisible();

  // A person opens the cart's group and one of its calls, and reads what it takes and answers.
  // Every group is listed, the console's last ones too (they open on demand).
  await expect(page.locator('.opblock-tag').filter({ hasText: /^admin\/mail/ })).toBeVisible();
  await page
    .locator('.opblock-tag')
    .filter({ hasText: /^sales/ })
    .first()
    .click();
  const operation = page.locator('.opblock').filter({ hasText: '/panel/api/v1/sales/cart/update/{id}' });
  await operation.locator('.opblock-summary').first().click();
  await expect(operation.getByText('Saves a line: quantity, accompanying persons').first()).toBeVisible();
  await expect(operation.getByText('X-Csrf-Token').first()).toBeVisible();
  await expect(operation.getByText('quantity').first()).toBeVisible();

  const origin = new URL(page.url()).origin;
  expect(requested.filter((url) => new URL(url).origin !== origin && !url.startsWith('data:'))).toEqual([]);
});
