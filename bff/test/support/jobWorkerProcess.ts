import { buildApp } from '../../src/app';
import { createDb } from '@phoenix/server/db';
import type { JobRunnerOptions } from '@phoenix/server/jobs';

/**
 * A BFF instance in a process of its own, running the job workers until it is killed: the instance
 * that dies mid-job in jobTakeover.test.ts. DATABASE_URL (already migrated), JOBS (JobRunnerOptions as JSON).
 */
async function main(): Promise<void> {
  const db = createDb({ kind: 'postgres', connectionString: process.env.DATABASE_URL!, maxConnections: 4 });
  const jobs = JSON.parse(process.env.JOBS ?? '{}') as JobRunnerOptions;
  await buildApp({ db, migrate: false, jobs });
  console.log('workers running');
}

main().catch((error: unknown) => {
  console.error('job worker process failed:', error);
  process.exit(1);
});
