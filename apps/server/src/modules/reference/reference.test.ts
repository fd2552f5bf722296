import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 and describes every route registered from the contract', async () => {
    const response = await t.app.inject('/panel/api/v1/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths as Record<string, object>)) {
      for (const method of Object.keys(operations)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const registered = t.app.routeTable
      .filter((r) => r.contract)
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.length).toBeGreaterThan(0);
    for (const route of registered) expect(documented).toContain(route);
  });

  it('describes a call as a client needs it: access, body, parameters, the error envelope', async () => {
    const document = (await t.app.inject('/panel/api/v1/openapi.json')).json();
    const update = document.paths['/panel/api/v1/sales/cart/update/{id}'].post;
    expect(update['x-access']).toBe('customer');
    expect(update.description).toMatch(/X-Csrf-Token/);
    expect(update.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(update.requestBody.content['application/json'].schema.properties).toHaveProperty('quantity');
    expect(update.responses['4XX'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorEnvelope',
    });
  });
});

describe('the reference page', () => {
  it('is served by the panel with its renderer, no script inline and nothing from elsewhere', async () => {
    const page = await t.app.inject('/panel/api/v1/reference');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(page.body).not.toMatch(/https?:\/\//);
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'reference.js']) {
      const asset = await t.app.inject(`/panel/api/v1/reference/${file}`);
      expect(asset.statusCode, file).toBe(200);
      expect(asset.body.length, file).toBeGreaterThan(100);
    }
    expect((await t.app.inject('/panel/api/v1/reference/..%2Fpackage.json')).statusCode).toBe(422);
  });
});
