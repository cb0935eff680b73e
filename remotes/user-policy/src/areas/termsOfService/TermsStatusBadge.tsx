import type { TermsStatus } from '@phoenix/contract';
import { useTranslation } from '@phoenix/shell';
import { Badge, type BadgeTone } from '@phoenix/ui';

const TONE: Record<TermsStatus, BadgeTone> = { draft: 'neutral', scheduled: 'info', current: 'success', superseded: 'neutral' };

export function TermsStatusBadge({ status }: { status: TermsStatus }) {
  const { t } = useTranslation('userPolicy');
  return <Badge $tone={TONE[status]}>{t(`termsOfService.statuses.${status}`)}</Badge>;
}
