// bench/bff-generate.mjs: fills the bench databases (see databases.ts), ROWS=n rows each (default 1,000,000).
import { benchTargets, prepareDatabase } from './databases';

async function main() {
  const rows = Number(process.env.ROWS ?? 1_000_000);
  for (const target of benchTargets(rows)) {
    const started = Date.now();
    const filled = await prepareDatabase(target, { actionLogs: rows, players: rows }, (line) => console.log(line));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`[${target.name}] ready: ${filled.actionLogs} action logs, ${filled.players} players (${seconds} s)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
