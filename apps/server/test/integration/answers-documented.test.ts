import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawCall, startTestServer, type TestServer } from '../helpers.js';

/**
 * Every call declares its answer (the contract's schema) as its response, so the OpenAPI
 * document describes the answers, and the refusals share the error envelope.
 */
let server: TestServer;
type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  items?: Schema;
};
type Operation = { responses?: Record<string, { content?: Record<string, { schema: Schema }> }>; security?: unknown[] };
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  server = await startTestServer();
  paths = (JSON.parse((await rawCall(server, 'GET', 'docs/json')).text) as { paths: typeof paths }).paths;
});
afterAll(async () => {
  await server?.close();
});

const schemaOf = (op: Operation, status: string) => op.responses?.[status]?.content?.['application/json']?.schema;
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('OpenAPI answers', () => {
  it('every documented call describes its 200 answer with code and message, and its 4xx and 5xx envelopes', () => {
    const calls = server.app.accessTable.filter((r) => paths[openApiPath(r.url)]);
    expect(calls.length).toBeGreaterThanOrEqual(45);
    for (const { method, url } of calls) {
      const op = paths[openApiPath(url)]![method.toLowerCase()]!;
      const ok = schemaOf(op, '200');
      expect(ok, `${method} ${url} 200`).toBeDefined();
      for (const shape of ok!.anyOf ?? [ok!])
        expect(shape.required, `${url}`).toEqual(expect.arrayContaining(['code', 'message']));
      // A refusal names the field (and rarely what it tells beside, results: a payment's changed
      // prices); a fault carries the request id (no 4xx answer does).
      expect(Object.keys(schemaOf(op, '4XX')?.properties ?? {}).sort(), `${url} 4XX`).toEqual([
        'code',
        'field',
        'message',
        'results',
      ]);
      expect(Object.keys(schemaOf(op, '5XX')?.properties ?? {}).sort(), `${url} 5XX`).toEqual([
        'code',
        'message',
        'requestId',
      ]);
    }
  });

  it('names the fields of an answer: the product grid, an order, the configuration', () => {
    const grid = schemaOf(paths['/api/getProductHome']!.post!, '200')!;
    expect(grid.required).toEqual(['code', 'message', 'results', 'more']);
    expect(Object.keys(grid.properties!.results!.items!.properties!)).toEqual(
      expect.arrayContaining([
        'seq',
        'name',
        'pid',
        'factoryNum',
        'hasAmount',
        'stockName',
        'imgFiles',
        'price',
        'salePrice',
      ]),
    );
    // Prices are optional: visitors get none.
    expect(grid.properties!.results!.items!.required).not.toContain('price');
    const order = schemaOf(paths['/api/getMallOrderDetail']!.post!, '200')!.properties!.results!;
    expect(order.required).toEqual(
      expect.arrayContaining(['seq', 'created', 'orderProductInfo', 'totalAmount', 'shipping', 'status']),
    );
    const config = schemaOf(paths['/api/getMallConfig']!.post!, '200')!.properties!.results!;
    expect(config.required).toEqual(
      expect.arrayContaining(['ver', 'mallBottom', 'notices', 'licenseValidBuy', 'demo']),
    );
  });

  it('marks the public calls as needing no token', () => {
    expect(paths['/api/getProductHome']!.post!.security).toEqual([]);
    expect(paths['/api/login']!.post!.security).toEqual([]);
    expect(paths['/api/getMallCartInfo']!.post!.security).toBeUndefined();
  });
});
