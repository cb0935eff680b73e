// bench/bff-csv-export.mjs: GET /action-logs/export.csv of all 1,000,000 rows: time, size, and the
// BFF's memory (resident set sampled every 100 ms, and its peak) before, during and after.
import { benchTargets, prepareDatabase } from './databases';
import { startBff } from './bff';
import { ms } from './stats';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const mib = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;

async function main() {
  for (const target of benchTargets(ROWS)) {
    const filled = await prepareDatabase(target, { actionLogs: ROWS, players: ROWS }, (line) => console.log(line));
    const bff = await startBff(target);
    try {
      // A first list call so that the baseline includes a warmed-up server.
      await fetch(`${bff.url}/action-logs`, { headers: { token: bff.token } }).then((r) => r.text());
      const baseline = bff.rssKb();
      const samples: { at: number; rss: number }[] = [];
      let records = 0;
      let bytes = 0;
      let lastByte = 0;
      const sampler = setInterval(() => samples.push({ at: records, rss: bff.rssKb() }), 100);
      const started = performance.now();
      const response = await fetch(`${bff.url}/action-logs/export.csv`, { headers: { token: bff.token } });
      if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status}`);
      let firstByte = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        if (!firstByte) firstByte = performance.now() - started;
        bytes += chunk.length;
        // Records end with CRLF; quoted fields in this data hold no line breaks.
        for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) records++;
        lastByte = chunk[chunk.length - 1];
      }
      const total = performance.now() - started;
      clearInterval(sampler);
      const dataRows = records - 1;
      const peak = Math.max(...samples.map((s) => s.rss), bff.rssKb());
      const quarter = (q: number) => samples.find((s) => s.at >= (dataRows * q) / 4)?.rss ?? NaN;
      console.log(
        `[${target.name}] export.csv: ${dataRows.toLocaleString('en-US')} rows of ${filled.actionLogs.toLocaleString('en-US')} ` +
          `(${(bytes / 1024 / 1024).toFixed(0)} MiB, ends with a line break: ${lastByte === 10}), first byte ${ms(firstByte)}, all in ${(total / 1000).toFixed(1)} s`,
      );
      console.log(
        `[${target.name}] BFF resident memory: before ${mib(baseline)}; at 25/50/75 % of the rows ${[1, 2, 3].map((q) => mib(quarter(q))).join(' / ')}; ` +
          `peak sampled ${mib(peak)} (+${mib(peak - baseline)}), process peak (VmHWM) ${mib(bff.peakRssKb())}`,
      );
    } finally {
      await bff.stop();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
