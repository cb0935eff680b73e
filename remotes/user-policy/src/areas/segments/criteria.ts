import { balanceBoundsOf, EMPTY_SEGMENT_CRITERIA, type SegmentCriteria } from '@phoenix/contract';
import { formatDateTime, formatNumber } from '@phoenix/ui';

import type { Translate } from '@phoenix/shell';

export type { Translate };

/** Form values as criteria: what react-hook-form holds may miss a key (a never-touched field). */
export const asCriteria = (values: Partial<SegmentCriteria> | undefined): SegmentCriteria => ({ ...EMPTY_SEGMENT_CRITERIA, ...values });

/** One line per criterion set, in the console's language ("Level 5–10", "Has a wallet"). */
export function describeCriteria(c: SegmentCriteria, t: Translate, policyName?: (id: number) => string): string[] {
  const lines: string[] = [];
  if (c.levelMin !== null || c.levelMax !== null) {
    lines.push(
      c.levelMax === null
        ? t('segments.describe.levelFrom', { min: formatNumber(c.levelMin!) })
        : c.levelMin === null
          ? t('segments.describe.levelTo', { max: formatNumber(c.levelMax) })
          : t('segments.describe.levelBetween', { min: formatNumber(c.levelMin), max: formatNumber(c.levelMax) }),
    );
  }
  const balance = balanceBoundsOf(c);
  if (balance.min !== null || balance.max !== null) {
    lines.push(
      balance.max === null
        ? t('segments.describe.balanceFrom', { min: formatNumber(balance.min!) })
        : balance.min === null
          ? t('segments.describe.balanceTo', { max: formatNumber(balance.max) })
          : t('segments.describe.balanceBetween', { min: formatNumber(balance.min), max: formatNumber(balance.max) }),
    );
  }
  if (c.status) lines.push(t(`segments.statuses.${c.status}`));
  const range = (key: string, from: string | null, to: string | null) => {
    if (!from && !to) return;
    lines.push(t(`segments.describe.${key}`, { from: from ? formatDateTime(from) : '…', to: to ? formatDateTime(to) : '…' }));
  };
  range('created', c.createdFrom, c.createdTo);
  range('lastSeen', c.lastSeenFrom, c.lastSeenTo);
  if (c.wallet) lines.push(t(`segments.wallets.${c.wallet}`));
  if (c.restricted) lines.push(t(`segments.restrictedChoices.${c.restricted}`));
  if (c.policyId !== null) lines.push(t('segments.describe.policy', { name: policyName?.(c.policyId) ?? `#${c.policyId}` }));
  return lines.length ? lines : [t('segments.describe.everyone')];
}
