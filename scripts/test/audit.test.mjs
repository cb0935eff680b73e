import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { auditVerdict } from '../audit.mjs';

// pnpm audit --json's shape (npm's audit report), cut down to what the verdict reads.
const advisory = (id, severity, name = 'some-lib') => ({
  id,
  module_name: name,
  severity,
  title: `${severity} thing in ${name}`,
  url: `https://github.com/advisories/GHSA-${id}`,
  patched_versions: '>=2.0.1',
  findings: [{ version: '2.0.0', paths: ['bff>some-lib'] }],
});
const report = (...advisories) => ({
  advisories: Object.fromEntries(advisories.map((a) => [a.id, a])),
  metadata: {
    vulnerabilities: Object.fromEntries(
      ['info', 'low', 'moderate', 'high', 'critical'].map((s) => [s, advisories.filter((a) => a.severity === s).length]),
    ),
  },
});

describe('scripts/audit.mjs: the dependency audit step', () => {
  it('a high or a critical advisory in a production dependency fails the step, naming it first', () => {
    for (const severity of ['high', 'critical']) {
      const verdict = auditVerdict(report(advisory(1, 'low', 'minor-lib'), advisory(2, severity, 'pg')));
      assert.equal(verdict.outcome, 'blocking');
      assert.match(verdict.lines[0], new RegExp(`^${severity.toUpperCase()} pg@2.0.0: ${severity} thing in pg .*fixed in >=2.0.1`));
    }
  });

  it('moderate and lower are listed, not blocking; none at all is clean', () => {
    const verdict = auditVerdict(report(advisory(1, 'moderate'), advisory(2, 'low')));
    assert.deepEqual([verdict.outcome, verdict.lines.length], ['clean', 2]);
    assert.deepEqual(auditVerdict(report()), { outcome: 'clean', lines: [] });
  });

  it('an advisory source that does not answer is "unreachable", never "clean"', () => {
    const verdict = auditVerdict({ error: { code: 'ERR_PNPM_AUDIT_BAD_RESPONSE', message: 'The audit endpoint … responded with 405' } });
    assert.equal(verdict.outcome, 'unreachable');
    assert.match(verdict.lines[0], /405/);
  });
});
