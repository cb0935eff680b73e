import type { AddressInfo } from 'node:net';
import { itAnswersEveryErrorInTheApiShape } from '@phoenix/server/testing';
import { createPointsTestApp, type PointsTestApp } from './support/pointsTestApp';

/** The points API listening on a free port: every error over real HTTP in the API's shape with no-store. */
let t: PointsTestApp;
let port: number;
beforeAll(async () => {
  t = await createPointsTestApp();
  await t.points.listen({ port: 0, host: '127.0.0.1' });
  port = (t.points.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

itAnswersEveryErrorInTheApiShape({ app: () => t.points, port: () => port, token: () => t.token });
