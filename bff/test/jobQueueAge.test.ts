// First: its jest.mock calls make kysely, PGlite and pg-boss loadable here.
import { createTestDatabase } from '@phoenix/server/testing';
import { createJobRunner } from '@phoenix/server/jobs';

/**
 * The job queue's age on /metrics (phoenix_job_queue_oldest_waiting_seconds): how long the oldest
 * due job has waited to start, what an alert on a stuck queue reads; 0 when none waits, and a
 * job scheduled for later does not count until it is due.
 */
test('the oldest due job ages while no worker takes it; a job for later does not count', async () => {
  const { db, drop } = await createTestDatabase();
  const runner = createJobRunner(db, { schema: 'age_test', runWorkers: false });
  runner.define('waiting', async () => {});
  runner.define('later', async () => {});
  try {
    await runner.start();
    expect(await runner.queueCounts()).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'waiting', queued: 0, oldestWaitingSeconds: 0 })]),
    );
    await db.transaction().execute(async (trx) => {
      await runner.send(trx, 'waiting', {});
      await runner.send(trx, 'later', {}, 3600);
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const counts = Object.fromEntries((await runner.queueCounts()).map((q) => [q.name, q]));
    expect(counts.waiting!.oldestWaitingSeconds).toBeGreaterThanOrEqual(1);
    expect(counts.waiting!.oldestWaitingSeconds).toBeLessThan(60);
    expect(counts.later!.oldestWaitingSeconds).toBe(0);
  } finally {
    await runner.stop();
    await db.destroy();
    await drop();
  }
});
