import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ActionLog, AnyResource, Page, RecordOf } from '@phoenix/contract';
import { Button, EmptyState, ErrorState, JsonDiff, LoadingBlock, Modal, Pagination, formatDateTime, formatJsonValue } from '@phoenix/ui';
import { useAreaLabels, useRecordLabel } from './area';
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

/** Bookkeeping every record carries: not a change anyone made, so neither shown nor counted. */
export const BOOKKEEPING_FIELDS: ReadonlySet<string> = new Set(['id', 'version', 'createdAt', 'updatedAt', 'updatedBy']);

/** The top-level field of a dotted path: 'reward.items[0].id' → 'reward'. */
const topField = (path: string) => path.split(/[.[]/, 1)[0];

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A value as a reader says it: dates formatted, strings bare, yes/no, lists and objects compact. */
export function useValueText(): (value: unknown) => string {
  const { t } = useTranslation('resources');
  const text = (value: unknown): string => {
    if (value === null || value === undefined) return t('recordHistory.none');
    if (typeof value === 'boolean') return t(value ? 'recordHistory.yes' : 'recordHistory.no');
    if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatDateTime(value) : value;
    if (Array.isArray(value)) {
      if (value.length === 0) return t('recordHistory.none');
      if (value.every((v) => v === null || typeof v !== 'object')) {
        return value.length > 20 ? formatJsonValue(value) : value.map(text).join(', ');
      }
    }
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  return text;
}

/** A field path by its label: the area's `<area>.fields.<name>` where it has one, else the key. */
export function useFieldText(): (path: string) => string {
  const { area, field } = useAreaLabels();
  const { i18n } = useTranslation(area?.ns ?? 'resources');
  return (path) => {
    const name = topField(path);
    if (!area || !i18n.exists(`${area.name}.fields.${name}`, { ns: area.ns })) return path;
    return `${field(name)}${path.slice(name.length)}`;
  };
}

/**
 * One record's action-log entries (`GET /action-logs?target=type:id`, which includes the bulk
 * operations that listed it): who, when, what, and each entry's before/after as a diff (text, no HTML).
 */
export function RecordHistoryDialog<D extends AnyResource = AnyResource>({
  target,
  id,
  label,
  record,
  onClose,
}: {
  target: string;
  id: number | string;
  /** The record's name when the page knows it and has no record to give. */
  label?: string;
  /** The record: named by its area's label (the form's, else the list's). */
  record?: RecordOf<D>;
  onClose: () => void;
}) {
  const { t } = useTranslation('resources');
  const areaLabel = useRecordLabel<D>('form');
  const fieldText = useFieldText();
  const valueText = useValueText();
  const named = (record !== undefined && areaLabel?.(record)) || label;
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
              <JsonDiff
                before={log.before}
                after={log.after}
                caption={t('recordHistory.diff', { id: log.id })}
                fieldLabel={fieldText}
                formatValue={valueText}
                hidden={(path) => BOOKKEEPING_FIELDS.has(path)}
              />
            </li>
          ))}
        </Entries>
        <Pagination page={query.data.page} pageSize={query.data.pageSize} total={query.data.total} onPageChange={setPage} />
      </>
    );
  return (
    <Modal
      open
      title={named ? t('recordHistory.title', { label: named }) : t('recordHistory.titleId', { id })}
      onClose={onClose}
      width="52rem"
      footer={<Button onClick={onClose}>{t('detail.close')}</Button>}
    >
      {content}
    </Modal>
  );
}

/** The "History" button of a record page and of each list row: opens RecordHistoryDialog. */
export function RecordHistoryButton(props: { target: string; id: number | string; label: string; record?: unknown; size?: 'sm' | 'md' }) {
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
  record,
  size = 'sm',
  text,
  ariaLabel,
}: {
  target: string;
  id: number | string;
  label: string;
  /** The record, for the dialog's title (its area's label). */
  record?: unknown;
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
      {open && (
        <RecordHistoryDialog
          target={target}
          id={id}
          label={label}
          record={record as RecordOf<AnyResource>}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
