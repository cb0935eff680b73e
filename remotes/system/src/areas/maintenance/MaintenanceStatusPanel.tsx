import { useTranslation } from '@phoenix/shell';
import { useId } from 'react';
import styled from 'styled-components';
import type { MaintenanceStatus } from '@phoenix/contract';
import { Badge, Button, Panel, formatDateTime, formatTimeWindow, Facts } from '@phoenix/ui';

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  flex-wrap: wrap;
  h2 {
    margin: 0;
    font-size: 1.25rem;
    display: flex;
    align-items: center;
    gap: 0.6rem;
  }
`;
const BigBadge = styled(Badge)`
  font-size: 1rem;
  padding: 0.2rem 0.8rem;
`;
const Hint = styled.p`
  margin: 0.75rem 0 0;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.muted};
`;

/** The state players live with now (the server's copy, not the draft below), and the big switch. */
export function MaintenanceStatusPanel({ doc, onToggle, busy }: { doc: MaintenanceStatus; onToggle: () => void; busy: boolean }) {
  const { t } = useTranslation('system');
  const titleId = useId();
  const allowed = doc.allowedPlayerIds.length;
  return (
    <Panel aria-labelledby={titleId}>
      <Top>
        <h2 id={titleId}>
          {t(doc.enabled ? 'maintenance.isOn' : 'maintenance.isOff')}
          <BigBadge $tone={doc.enabled ? 'danger' : 'success'} aria-hidden="true">
            {t(doc.enabled ? 'maintenance.on' : 'maintenance.off')}
          </BigBadge>
        </h2>
        <Button variant={doc.enabled ? 'primary' : 'danger'} onClick={onToggle} loading={busy}>
          {t(doc.enabled ? 'maintenance.turnOff' : 'maintenance.turnOn')}
        </Button>
      </Top>
      <Facts>
        <dt>{t('maintenance.playersFact')}</dt>
        <dd>{doc.enabled ? t('maintenance.keptOut', { count: allowed }) : t('maintenance.canPlay')}</dd>
        <dt>{t('maintenance.messageFact')}</dt>
        <dd>{doc.message || t('maintenance.noMessage')}</dd>
        <dt>{t('maintenance.window')}</dt>
        <dd>{formatTimeWindow(doc.plannedStart, doc.plannedEnd)}</dd>
        <dt>{t('maintenance.allowedFact')}</dt>
        <dd>{t('common.number', { value: allowed })}</dd>
        <dt>{t('maintenance.lastChange')}</dt>
        <dd>{t('maintenance.changedBy', { at: formatDateTime(doc.updatedAt), by: doc.updatedBy ?? '—' })}</dd>
      </Facts>
      <Hint>{t('maintenance.toggleHint')}</Hint>
    </Panel>
  );
}
