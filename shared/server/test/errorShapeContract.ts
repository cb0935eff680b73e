import type { FastifyInstance } from 'fastify';
import { apiErrorSchema } from '@phoenix/contract';
import { rawRequest, requestHead, send, type RawResponse } from './rawHttp';

/** What is wrong with an answer besides its status: no `no-store`, or an error outside the API's shape. */
export function shapeProblem(response: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  if (response.headers['cache-control'] !== 'no-store') return `cache-control ${String(response.headers['cache-control'])}`;
  if (response.statusCode < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `not JSON: ${response.body.slice(0, 200)}`;
  }
  return apiErrorSchema.safeParse(body).success ? null : `not the error shape: ${response.body.slice(0, 200)}`;
}

/** A response in the API's error shape, not cacheable, that does not echo `secret` (e.g. the path). */
export function expectApiError(response: RawResponse, status: number, secret?: string): void {
  const context = `${response.status} ${JSON.stringify(response.headers)} ${response.body.slice(0, 300)}`;
  expect({ status: response.status, context }).toEqual({ status, context });
  expect({ cacheControl: response.headers['cache-control'], context }).toEqual({ cacheControl: 'no-store', context });
  expect({ shape: apiErrorSchema.safeParse(JSON.parse(response.body)).success, context }).toEqual({ shape: true, context });
  if (secret) expect(response.body).not.toContain(secret);
}

/**
 * Every error of a listening service, over real HTTP, in the API's shape with `cache-control:
 * no-store`: those its error handler renders, and those Fastify and Node answer before any hook
 * runs (a path parameter past 100 characters, an undecodable URL, a malformed request).
 * Getters, as the app and token are made in the file's beforeAll; the app must be listening.
 */
export function itAnswersEveryErrorInTheApiShape(ctx: { app: () => FastifyInstance; port: () => number; token: () => string }): void {
  /** A GET route with a path parameter and a POST route that reads a body, from the app's own routes. */
  const routes = () => {
    const table = ctx.app().routeTable.filter((r) => r.auth === 'admin');
    const withParam = table.find((r) => r.method === 'GET' && /\/:\w+$/.test(r.url));
    const withBody = table.find((r) => r.method === 'POST' && !r.url.includes(':'));
    if (!withParam || !withBody) throw new Error('the app has no GET /…/:id or POST route');
    return { param: (value: string) => withParam.url.replace(/:\w+$/, value), post: withBody.url };
  };
  const authed = () => ({ token: ctx.token() });

  test('a path parameter over 100 characters: 414 in the API shape with no-store, the path not echoed', async () => {
    for (const length of [101, 1_000, 10_000]) {
      const long = 'x'.repeat(length - 7) + '1234567';
      for (const headers of [{}, authed()]) {
        expectApiError(await send(ctx.port(), 'GET', routes().param(long), undefined, headers), 414, '1234567');
      }
    }
    // Percent-encoded: over 100 characters as sent, fewer once decoded (a 400 or a 414, never a 5xx or the path echoed).
    for (const encoded of [encodeURIComponent('é'.repeat(60)), '%41'.repeat(40)]) {
      const response = await send(ctx.port(), 'GET', routes().param(encoded), undefined, authed());
      expectApiError(response, response.status === 414 ? 414 : 400, encoded.slice(0, 12));
    }
  });

  test('an undecodable URL (`%zz` in a path parameter): 400 in the API shape with no-store', async () => {
    for (const bad of ['%zz', '%', '1%E0%A4%A', 'a%00%zz']) {
      expectApiError(await send(ctx.port(), 'GET', routes().param(bad), undefined, authed()), 400, bad);
    }
  });

  test('errors the error handler renders: 404, 401, 415, 413, malformed and too deep JSON, all no-store', async () => {
    const port = ctx.port();
    expectApiError(await send(port, 'GET', '/no/such/route'), 404);
    expectApiError(await send(port, 'POST', routes().post, '{}'), 401);
    expectApiError(
      await send(port, 'POST', routes().post, 'a=1', { ...authed(), 'content-type': 'application/x-www-form-urlencoded' }),
      415,
    );
    expectApiError(await send(port, 'POST', routes().post, Buffer.alloc(3 * 1024 * 1024, 0x20), authed()), 413);
    expectApiError(await send(port, 'POST', routes().post, '{"a":', authed()), 400);
    const deep = await send(port, 'POST', routes().post, '['.repeat(10_000) + ']'.repeat(10_000), authed());
    expectApiError(deep, 400);
    expect(JSON.parse(deep.body).error.code).toBe('validation_failed');
  });

  test('requests Node refuses before Fastify (bad Content-Length, oversized headers, a bad method): the API shape with no-store', async () => {
    const port = ctx.port();
    const post = routes().post;
    expectApiError(await rawRequest(port, requestHead('POST', post, { 'content-type': 'application/json', 'content-length': 'abc' })), 400);
    expectApiError(
      await rawRequest(
        port,
        requestHead('POST', post, { 'content-type': 'application/json', 'content-length': 2, 'transfer-encoding': 'chunked' }),
        '2\r\n{}\r\n0\r\n\r\n',
      ),
      400,
    );
    expectApiError(await rawRequest(port, requestHead('GET', '/health', { 'x-big': 'x'.repeat(20_000) })), 431);
    expectApiError(await rawRequest(port, 'GE(T /health HTTP/1.1\r\nhost: x\r\n\r\n'), 400);
  });
}
