#!/usr/bin/env node
// The dependency audit step: `pnpm audit --prod` (the production dependencies of every workspace
// package, i.e. what the Docker images ship) against the registry's advisories. Fails on a high or
// critical one, naming it. When the advisory source cannot be reached (a registry mirror without the
// audit endpoint answers 405), nothing is known: the step says so in capitals and fails only with
// AUDIT_REQUIRED=1 (set it where the registry answers). Alone: `node scripts/audit.mjs`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpmCommand, repoRoot } from './lib/pnpm.mjs';

const BLOCKING = new Set(['high', 'critical']);

/**
 * What pnpm audit's JSON means for CI: { outcome: 'clean' | 'blocking' | 'unreachable', lines }.
 * `blocking`: an advisory of high or critical severity; lower ones are listed, not blocking.
 */
export function auditVerdict(report) {
  if (report?.error) return { outcome: 'unreachable', lines: [`${report.error.code}: ${report.error.message}`] };
  const advisories = Object.values(report?.advisories ?? {});
  const lines = advisories
    .sort((a, b) => Number(BLOCKING.has(b.severity)) - Number(BLOCKING.has(a.severity)))
    .map((a) => {
      const versions = [...new Set((a.findings ?? []).map((f) => f.version))].join(', ');
      return `${a.severity.toUpperCase()} ${a.module_name}@${versions}: ${a.title} (${a.url}; fixed in ${a.patched_versions})`;
    });
  const counts = report?.metadata?.vulnerabilities ?? {};
  const blocking = advisories.some((a) => BLOCKING.has(a.severity)) || (counts.high ?? 0) + (counts.critical ?? 0) > 0;
  return { outcome: blocking ? 'blocking' : 'clean', lines };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = spawnSync(pnpmCommand[0], [...pnpmCommand.slice(1), 'audit', '--prod', '--json'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    report = { error: { code: `exit ${result.status}`, message: (result.stderr || result.stdout).trim().slice(0, 2000) } };
  }
  const { outcome, lines } = auditVerdict(report);
  for (const line of lines) console.log(`  ${line}`);
  if (outcome === 'blocking') {
    console.error('dependency audit: a high or critical advisory in a production dependency (above): update it or pin a fixed version');
    process.exit(1);
  }
  if (outcome === 'unreachable') {
    console.log('dependency audit: the advisory source did not answer: production dependencies NOT AUDITED in this run');
    if (process.env.AUDIT_REQUIRED === '1') process.exit(1);
    // npm test's table shows "NOT AUDITED" rather than "ok" (scripts/test.mjs sets this code).
    process.exit(Number(process.env.AUDIT_EXIT_UNREACHABLE) || 0);
  }
  console.log(`dependency audit: no high or critical advisory in production dependencies (${lines.length} lower listed)`);
}
