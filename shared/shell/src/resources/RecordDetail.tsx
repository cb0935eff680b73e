import { useCallback, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AnyResource, RecordOf } from '@phoenix/contract';
import { Button, EmptyState, ErrorState, LoadingBlock, Modal } from '@phoenix/ui';
import { describeError } from '../api/describeError';
import { useResource } from '../data/useResource';
import { apiPath } from './apiPath';
import { parseRecordId } from './routing';
import { useNouns } from './useNouns';
import { RecordHistoryButton } from './RecordHistory';
import { RecordPendingChanges } from './PendingChanges';
import './translations';

/**
 * `list?id=123` opens one record's detail over its list (a reload or a shared link keeps it);
 * the list's own params (filters, page, sort) stay as they are.
 */
export function useDetailParam(param = 'id') {
  const [params, setParams] = useSearchParams();
  const raw = params.get(param);
  const setId = useCallback(
    (id: number | null) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (id === null) next.delete(param);
        else next.set(param, String(id));
        return next;
      }),
    [setParams, param],
  );
  /** A link to a record's detail that keeps the list's own query (filters, sort, page). */
  const linkTo = (id: number) => {
    const next = new URLSearchParams(params);
    next.set(param, String(id));
    return `?${next.toString()}`;
  };
  return { isOpen: raw !== null, id: parseRecordId(raw), open: (id: number) => setId(id), close: () => setId(null), linkTo };
}

/** One record in a dialog over its list: not found, error, loading, then `children(record)`. */
export function RecordDetailModal<D extends AnyResource>({
  resource,
  id,
  title,
  onClose,
  children,
}: {
  resource: D;
  id: number | null;
  title: string;
  onClose: () => void;
  children: (record: RecordOf<D>) => ReactNode;
}) {
  const { t } = useTranslation('resources');
  const { noun } = useNouns(resource);
  const { data, isLoading, error, isNotFound, refetch } = useResource<RecordOf<D>>(apiPath(resource), id, { api: resource.api });
  let content: ReactNode;
  if (id === null) content = <EmptyState title={t('form.notFound', { noun })}>{t('form.invalidId', { noun })}</EmptyState>;
  else if (isNotFound) content = <EmptyState title={t('form.notFound', { noun })}>{t('form.gone', { noun, id })}</EmptyState>;
  else if (error) content = <ErrorState title={t('form.loadFailed', { noun })} message={describeError(error)} onRetry={refetch} />;
  else if (isLoading || data === undefined) content = <LoadingBlock label={t('form.loading', { noun })} />;
  else
    content = (
      <>
        <RecordPendingChanges resource={resource} id={id} />
        {children(data)}
      </>
    );
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      width="52rem"
      footer={
        <>
          {data !== undefined && id !== null && (
            <RecordHistoryButton size="md" target={resource.target} id={id} label={title} record={data} />
          )}
          <Button onClick={onClose}>{t('detail.close')}</Button>
        </>
      }
    >
      {content}
    </Modal>
  );
}
