import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import type { AddressInfo } from 'node:net';
import { itAnswersEveryErrorInTheApiShape } from '@phoenix/server/testing';

/** The BFF listening on a free port: every error over real HTTP in the API's shape with no-store. */
let t: TestApp;
let token: string;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInAdmin(t)).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

itAnswersEveryErrorInTheApiShape({ app: () => t.app, port: () => port, token: () => token });
