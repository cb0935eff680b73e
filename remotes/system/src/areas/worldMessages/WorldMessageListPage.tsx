import styled from 'styled-components';
import {
  WORLD_MESSAGE_SEVERITIES,
  WORLD_MESSAGE_STATES,
  worldMessagesResource,
  type WorldMessage,
  type WorldMessageCancel,
  type WorldMessageEnd,
} from '@phoenix/contract';
import { EnumFilters, ResourceListPage, useListController, useRecordAction, useTranslation } from '@phoenix/shell';
import { Badge, Button, formatDateTime, truncate, type BadgeTone } from '@phoenix/ui';

export const SEVERITY_TONE: Record<WorldMessage['severity'], BadgeTone> = { info: 'info', warning: 'warning', critical: 'danger' };
const STATE_TONE: Record<WorldMessage['state'], BadgeTone> = {
  scheduled: 'info',
  showing: 'success',
  ended: 'neutral',
  cancelled: 'warning',
};

const Message = styled.span`
  display: block;
  max-width: 32rem;
  white-space: pre-wrap;
`;
const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.75rem;
`;

export default function WorldMessageListPage() {
  const { t } = useTranslation('system');
  const list = useListController(worldMessagesResource);
  const cancel = useRecordAction<typeof worldMessagesResource, WorldMessageCancel>(worldMessagesResource, {
    action: 'cancel',
    body: (wm) => ({ version: wm.version }),
    confirm: (wm) => ({
      title: t('worldMessages.cancelTitle', { message: truncate(wm.message, 80) }),
      body: t('worldMessages.cancelBody'),
      okText: t('worldMessages.cancelOk'),
      cancelText: t('worldMessages.keepIt'),
    }),
    success: (wm) => t('worldMessages.cancelled', { message: truncate(wm.message, 60) }),
    failure: (error) => {
      const current = error.current as WorldMessage | undefined;
      if (!error.isConflict) return error;
      return current && current.state !== 'scheduled'
        ? t('worldMessages.alreadyState', { state: t(`worldMessages.states.${current.state}`).toLowerCase() })
        : t('worldMessages.cancelConflict');
    },
  });
  // A wrong broadcast already showing: end it now (its display end becomes the server's now).
  const end = useRecordAction<typeof worldMessagesResource, WorldMessageEnd>(worldMessagesResource, {
    action: 'end',
    body: (wm) => ({ version: wm.version }),
    confirm: (wm) => ({
      title: t('worldMessages.endTitle', { message: truncate(wm.message, 80) }),
      body: t('worldMessages.endBody', { end: formatDateTime(wm.displayEnd) }),
      okText: t('worldMessages.endOk'),
      cancelText: t('worldMessages.keepShowing'),
    }),
    success: (wm) => t('worldMessages.ended', { message: truncate(wm.message, 60) }),
    failure: (error) => {
      const current = error.current as WorldMessage | undefined;
      if (!error.isConflict) return error;
      return current && current.state !== 'showing'
        ? t('worldMessages.endAlreadyState', { state: t(`worldMessages.states.${current.state}`).toLowerCase() })
        : t('worldMessages.endConflict');
    },
  });
  const scheduled = (wm: WorldMessage) => wm.state === 'scheduled';
  const showing = (wm: WorldMessage) => wm.state === 'showing';
  return (
    <ResourceListPage
      list={list}
      searchLabel={t('worldMessages.search')}
      editable={(wm) => scheduled(wm) || showing(wm)} // a showing one: its text only; the others are history
      rowChanges={(wm) =>
        showing(wm) ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => end.run(wm)}
            disabled={end.pendingId === wm.id}
            aria-label={t('worldMessages.endNowLabel', { message: truncate(wm.message, 40) })}
          >
            {t('worldMessages.endNow')}
          </Button>
        ) : (
          scheduled(wm) && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => cancel.run(wm)}
              disabled={cancel.pendingId === wm.id}
              aria-label={t('worldMessages.cancelLabel', { message: truncate(wm.message, 40) })}
            >
              {t('worldMessages.cancel')}
            </Button>
          )
        )
      }
      filters={
        <EnumFilters
          list={list}
          filters={[
            ['state', WORLD_MESSAGE_STATES, 'states'],
            ['severity', WORLD_MESSAGE_SEVERITIES, 'severities'],
          ]}
        />
      }
      columns={[
        { key: 'message', width: '30%', render: (wm) => <Message>{wm.message}</Message> },
        {
          key: 'severity',
          sortable: true,
          render: (wm) => <Badge $tone={SEVERITY_TONE[wm.severity]}>{t(`worldMessages.severities.${wm.severity}`)}</Badge>,
        },
        {
          key: 'state',
          render: (wm) => (
            <>
              <Badge $tone={STATE_TONE[wm.state]}>{t(`worldMessages.states.${wm.state}`)}</Badge>
              {wm.state === 'cancelled' && wm.cancelledBy && <Muted>{t('worldMessages.by', { who: wm.cancelledBy })}</Muted>}
            </>
          ),
        },
        { key: 'displayStart', sortable: true, render: (wm) => formatDateTime(wm.displayStart) },
        { key: 'displayEnd', sortable: true, render: (wm) => formatDateTime(wm.displayEnd) },
        { key: 'createdAt', sortable: true, render: (wm) => formatDateTime(wm.createdAt) },
      ]}
    />
  );
}
