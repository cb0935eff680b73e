// axe-core in the end-to-end suite: evaluated in the page with playwright-core (no extra test
// framework), run on the whole document, and reduced to what a test can assert and a human read.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import assert from 'node:assert/strict';

const require = createRequire(import.meta.url);
// The console's Content-Security-Policy refuses inline scripts (page.addScriptTag), so axe's
// source is evaluated through the DevTools protocol, which the page's CSP does not govern.
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Impacts that fail a page: axe's "serious" and "critical". */
export const BLOCKING_IMPACTS = ['serious', 'critical'];

/**
 * Runs axe on the page as it is now and returns its violations of the given impacts, each
 * with the rule, the impact, a help text and the selectors of the offending nodes.
 * The script is injected once per document (a full navigation needs it again).
 */
export async function axeViolations(page, { impacts = BLOCKING_IMPACTS, include, disableRules = [] } = {}) {
  const loaded = await page.evaluate(() => typeof window.axe?.run === 'function');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ include, disableRules }) => {
      const rules = Object.fromEntries(disableRules.map((id) => [id, { enabled: false }]));
      const result = await window.axe.run(include ? { include: [include] } : document, { rules, resultTypes: ['violations'] });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
      }));
    },
    { include, disableRules },
  );
  return violations.filter((v) => impacts.includes(v.impact));
}

/** One line per violation and node: "rule (impact) help: selector". */
export function describeViolations(violations) {
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${v.help}: ${n.target}`)).join('\n');
}

/** Fails with a readable list when the page has a serious or critical violation. */
export async function assertAccessible(page, label, options) {
  const violations = await axeViolations(page, options);
  assert.equal(violations.length, 0, `${label}: axe found serious or critical violations:\n${describeViolations(violations)}`);
}
