import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { permissionOf, type OpenApiDocument } from './apidocs.document.ts';
import { apiProducts, type ApiProduct } from '@keydeck/contract/api-products';

let t: TestApp;
const documents = new Map<ApiProduct, OpenApiDocument>();
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  for (const product of apiProducts) {
    const reply = await t.app.inject({ method: 'GET', url: `/rest/api/v2/${product}/swagger/` });
    expect(reply.statusCode, product).toBe(200);
    documents.set(product, reply.json());
  }
});
afterAll(() => t.close());

const operationsOf = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })));
/** Every route the documents must describe: all but the documents themselves and HEAD twins. */
const documentedRoutes = () =>
  t.app.routeCatalog.filter((r) => r.method !== 'HEAD' && !r.schema?.hide).map((r) => `${String(r.method)} ${r.url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')}`);

describe('API documents', () => {
  it('serves each product at /rest/api/v2/{product}/swagger/ to anyone, as cacheable OpenAPI 3.1 JSON', async () => {
    for (const product of apiProducts) {
      const reply = await t.app.inject({ method: 'GET', url: `/rest/api/v2/${product}/swagger` });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(reply.headers['cache-control']).toBe('public, max-age=300');
      const doc = reply.json<OpenApiDocument>();
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
      expect(Object.keys(doc.paths).length).toBeGreaterThan(5);
    }
    expect((await t.app.inject({ method: 'GET', url: '/rest/api/v2/no-such-product/swagger/' })).statusCode).toBe(404);
  });

  it('puts every operation in exactly one product, and leaves none out', () => {
    const placed = apiProducts.flatMap((product) => operationsOf(documents.get(product)!).map(({ key }) => key));
    expect(placed.length).toBe(new Set(placed).size);
    expect([...placed].sort()).toEqual([...new Set(documentedRoutes())].sort());
  });

  it('gives every operation tags, a summary, a description, its permission, its audit action, its error responses and an example', () => {
    const routes = new Map(t.app.routeCatalog.map((r) => [`${String(r.method)} ${r.url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')}`, r]));
    const problems: string[] = [];
    for (const product of apiProducts) {
      const doc = documents.get(product)!;
      const defined = new Set((doc.tags as { name: string }[]).map((tag) => tag.name));
      for (const { key, op } of operationsOf(doc)) {
        const route = routes.get(key)!;
        const tags = op.tags as string[] | undefined;
        if (!tags?.length || !tags.every((tag) => defined.has(tag))) problems.push(`${key}: tags`);
        if (!op.summary || !op.description) problems.push(`${key}: summary or description`);
        if (op['x-permission'] !== permissionOf(route.config) || !String(op.description).includes(route.config?.permission ?? '')) problems.push(`${key}: x-permission`);
        const codes = Object.keys(op.responses);
        if (!route.config?.public && !(codes.includes('401') && codes.includes('403'))) problems.push(`${key}: 401/403`);
        if (key.includes('{') && !codes.includes('404')) problems.push(`${key}: 404`);
        if (route.config?.rateLimit && !codes.includes('429')) problems.push(`${key}: 429`);
        // The action an audited route records, whether its route or its endpoint declaration names it.
        const audited = route.config?.audit ? `Audit log action: \`${route.config.audit.action}\`.` : 'Audit log action';
        if (String(op.description).includes(audited) !== Boolean(route.config?.audit)) problems.push(`${key}: audit action`);
        // A refusal the route declares itself keeps its own shape (the probes', OAuth's RFC 6749 errors); the rest use the envelope.
        const declared = Object.keys((route.schema?.response ?? {}) as object);
        for (const code of codes.filter((c) => Number(c) >= 400 && !declared.includes(c))) {
          const media = (op.responses[code]!.content as Record<string, { schema: unknown; example: { message?: string; request_id?: string } }>)['application/json']!;
          if ((media.schema as { $ref?: string }).$ref !== '#/components/schemas/ErrorEnvelope' || !media.example.message || !media.example.request_id) problems.push(`${key}: ${code} envelope`);
        }
        const success = codes.filter((c) => c.startsWith('2')).map((c) => op.responses[c]!.content as Record<string, { example?: unknown }> | undefined);
        if (!success.some((content) => content && Object.values(content).every((media) => 'example' in media))) problems.push(`${key}: example`);
      }
      expect(Object.keys(doc.paths).filter((path) => path.length > 1 && path.endsWith('/'))).toEqual([]);
    }
    expect(problems).toEqual([]);
    const open = documents.get('crypto-cluster')!.paths['/rest/api/v1/service/key_ceremony']!.post!;
    expect(open.description).toContain('Audit log action: `key_ceremony.open`.');
  });

  it('passes Spectral’s OpenAPI ruleset without an error or a warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apidocs-'));
    try {
      const files = apiProducts.map((product) => {
        const file = join(dir, `${product}.json`);
        writeFileSync(file, JSON.stringify(documents.get(product)));
        return file;
      });
      // A document Spectral must fault, linted with the others: a run that crashed or linted nothing says nothing.
      const broken = structuredClone(documents.get(apiProducts[0]!)) as { paths: Record<string, Record<string, { operationId?: string }>> };
      for (const operations of Object.values(broken.paths)) for (const operation of Object.values(operations)) delete operation.operationId;
      const brokenFile = join(dir, 'broken.json');
      writeFileSync(brokenFile, JSON.stringify(broken));
      const root = join(import.meta.dirname, '../../../../..');
      const lint = promisify(execFile)(join(root, 'node_modules/.bin/spectral'), ['lint', '--ruleset', join(root, '.spectral.yaml'), '--fail-severity=warn', '--format=json', ...files, brokenFile]);
      const { stdout } = await lint.catch((error: { stdout: string }) => ({ stdout: error.stdout }));
      const results = JSON.parse(stdout) as { code: string; source: string }[];
      expect(results.filter((r) => r.source !== brokenFile)).toEqual([]);
      expect(new Set(results.map((r) => r.code))).toEqual(new Set(['operation-operationId']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
