import { expect, test } from '@playwright/test';

/**
 * The API reference an integrator opens: Swagger UI served by the panel itself, under the panel's
 * Content-Security-Policy, with nothing loaded from anywhere else (the machine is offline).
 */
test('the API reference renders the generated document and opens an endpoint', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
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

  expect(problems).toEqual([]);
  const origin = new URL(page.url()).origin;
  expect(requested.filter((url) => new URL(url).origin !== origin && !url.startsWith('data:'))).toEqual([]);
});
