/**
 * Checks the action log's chains (migration 0061) in the database the BFF uses (DATABASE_URL, else
 * PGlite at PGLITE_DATA_DIR), as the console's "Check the record" does: one line per chain, and exit
 * code 1 when a link is broken (for a cron job or an alert).
 *
 *   pnpm --filter @phoenix/bff verify-action-log
 *
 * It reads only, and never migrates. With PGlite, stop the BFF first (the folder lock).
 */
import type { ActionLogChainVerdict } from '@phoenix/contract';
import { serverTables } from '@phoenix/server';
import { createDb, DataFolderLockedError, verifyActionLog } from '@phoenix/server/db';
import { configOrExit, describeDb, dbTargetFromEnv } from '@phoenix/server/config';
import type { Database } from '../db/schema';

const REASONS: Record<NonNullable<ActionLogChainVerdict['broken']>['reason'], string> = {
  changed: 'the row was changed after it was written',
  'missing-before': 'rows before it were removed',
  relinked: 'it does not follow the row before it (a row was replaced)',
  'missing-newest': 'the newest rows of the chain were removed',
};

function describeVerdict(chain: ActionLogChainVerdict): string {
  const through = chain.intactThroughId === null ? 'no row intact' : `intact through #${chain.intactThroughId}`;
  if (!chain.broken) return `${chain.chain}: ${chain.rows} rows, ${chain.rows === 0 ? 'empty' : through}`;
  const at =
    chain.broken.id === null ? `after the last row (link ${chain.broken.seq})` : `at #${chain.broken.id} (link ${chain.broken.seq})`;
  return `${chain.chain}: BROKEN ${at}: ${REASONS[chain.broken.reason]}; ${through}`;
}

async function main(): Promise<void> {
  const target = configOrExit(
    'verify-action-log',
    () => dbTargetFromEnv(),
    (message) => console.error(message),
  );
  const db = createDb<Database>(target);
  try {
    const chains = await verifyActionLog(serverTables(db));
    console.log(`verify-action-log: ${describeDb(target)}`);
    for (const chain of chains) console.log(`  ${describeVerdict(chain)}`);
    if (chains.some((c) => c.broken)) process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`verify-action-log: ${error instanceof DataFolderLockedError ? error.message : `failed: ${String(error)}`}`);
  process.exit(1);
});
