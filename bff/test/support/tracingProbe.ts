// Run by instrument.test.ts under tsx, as main.ts is: the instrument module first, then pg, as the
// app's modules load it. Prints what tracing set up, one JSON line.
import '../../src/instrument';
import pg from 'pg';
import { currentTracing } from '@phoenix/server/tracing';

const tracing = currentTracing();
const query = pg.Client.prototype.query as { __wrapped?: boolean };
console.log(
  JSON.stringify({
    started: tracing !== null,
    exporter: tracing?.exporter?.constructor.name ?? null,
    pgPatched: query.__wrapped === true,
  }),
);
