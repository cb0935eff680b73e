import type { SegmentCriteria } from '@phoenix/contract';
import { describeError, errorText, useTranslation } from '@phoenix/shell';
import { Alert, Panel, formatNumber } from '@phoenix/ui';
import { useSegmentCount } from './useSegmentCount';

/** Beside the form: how many players match the criteria as they stand, counted again as they change. */
export function LiveSegmentCount({ criteria }: { criteria: SegmentCriteria }) {
  const { t } = useTranslation('userPolicy');
  const count = useSegmentCount(criteria);
  const fieldError = count.error?.isValidation ? Object.values(count.error.fieldErrors)[0]?.[0] : undefined;
  return (
    <Panel aria-labelledby="segment-count-title">
      <h2 id="segment-count-title">{t('segments.liveCount')}</h2>
      <p role="status" aria-live="polite" aria-busy={count.pending}>
        {count.data
          ? t('segments.matching', { count: count.data.count, n: formatNumber(count.data.count) })
          : count.error
            ? ''
            : t('segments.counting')}
        {count.data && count.pending ? ` ${t('segments.updating')}` : ''}
      </p>
      {count.error && <Alert>{fieldError ? errorText(fieldError) : describeError(count.error)}</Alert>}
      <p>{t('segments.countExplains')}</p>
    </Panel>
  );
}
