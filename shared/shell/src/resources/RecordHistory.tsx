import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ActionLog, Page } from '@phoenix/contract';
import { Button, EmptyState, ErrorState, JsonDiff, LoadingBlock, Modal, Pagination, formatDateTime } from '@phoenix/ui';
import { describeError } from '../api/describeError';
import type { ApiRequestError } from '../api/ApiRequestError';
import { useApiFor } from '../data/useApiFor';
import './translations';

const PAGE_SIZE = 10;

const Entries = styled.ol`
  list-style: none;
  padding: 0;
  margin: 0;
  li {
    margin-bottom: 1rem;
  }
  p {
    margin: 0 0 0.25rem;
  }
`;

/**
 * One record's action-log entries (`GET /action-logs?target=type:id`, which includes the bulk
 * operations that listed it): who, when, what, and each entry's before/after as a diff (text, no HTML).
 */
export function RecordHistoryDialog({
  target,
  id,
  label,
  onClose,
}: {
  target: string;
  id: number | string;
  label: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('resources');
  const api = useApiFor('bff');
  const [page, setPage] = useState(1);
  const query = useQuery<Page<ActionLog>, ApiRequestError>({
    queryKey: ['resource', 'action-logs', 'history', target, String(id), page],
    queryFn: () => api.get<Page<ActionLog>>('/action-logs', { target: `${target}:${id}`, page, pageSize: PAGE_SIZE }),
  });
  let content;
  if (query.error)
    content = (
      <ErrorState title={t('recordHistory.loadFailed')} message={describeError(query.error)} onRetry={() => void query.refetch()} />
    );
  else if (!query.data) content = <LoadingBlock label={t('recordHistory.loading')} />;
  else if (query.data.items.length === 0)
    content = <EmptyState title={t('recordHistory.empty')}>{t('recordHistory.emptyHint')}</EmptyState>;
  else
    content = (
      <>
        <Entries aria-label={t('recordHistory.entries')}>
          {query.data.items.map((log) => (
            <li key={log.id}>
              <p>
                <strong>{log.action}</strong> {t('recordHistory.byAt', { by: log.adminEmail, at: formatDateTime(log.createdAt) })}
                {log.targetId !== String(id) && ` ${t('recordHistory.bulk')}`}
              </p>
              <JsonDiff before={log.before} after={log.after} caption={t('recordHistory.diff', { id: log.id })} />
            </li>
          ))}
        </Entries>
        <Pagination page={query.data.page} pageSize={query.data.pageSize} total={query.data.total} onPageChange={setPage} />
      </>
    );
  return (
    <Modal
      open
      title={t('recordHistory.title', { label })}
      onClose={onClose}
      width="52rem"
      footer={<Button onClick={onClose}>{t('detail.close')}</Button>}
    >
      {content}
    </Modal>
  );
}

/** The "History" button of a record page and of each list row: opens RecordHistoryDialog. */
export function RecordHistoryButton(props: { target: string; id: number | string; label: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('resources');
  return <HistoryButton {...props} text={t('recordHistory.button')} ariaLabel={t('recordHistory.buttonLabel', { label: props.label })} />;
}

/**
 * The button with its texts given: a list asks i18next for them once per table (see `sentence`), not
 * once per row.
 */
export function HistoryButton({
  target,
  id,
  label,
  size = 'sm',
  text,
  ariaLabel,
}: {
  target: string;
  id: number | string;
  label: string;
  size?: 'sm' | 'md';
  text: string;
  ariaLabel: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} variant="ghost" onClick={() => setOpen(true)} aria-label={ariaLabel}>
        {text}
      </Button>
      {open && <RecordHistoryDialog target={target} id={id} label={label} onClose={() => setOpen(false)} />}
    </>
  );
}
