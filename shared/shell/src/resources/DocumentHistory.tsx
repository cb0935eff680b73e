import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyDocument, DocumentVersion, RecordOf } from '@phoenix/contract';
import { Badge, Button, DataTable, JsonDiff, Pagination, Panel, type DataTableColumn, type RowKey, formatDateTime } from '@phoenix/ui';
import { describeError } from '../api/describeError';
import { BOOKKEEPING_FIELDS, useFieldText, useValueText } from './RecordHistory';
import type { DocumentController } from './useDocumentController';
import './translations';

/** A document's history: who saved which version when; tick two to see the difference; restore one. */
export function DocumentHistory<D extends AnyDocument>({ controller }: { controller: DocumentController<D> }) {
  const { t } = useTranslation('resources');
  const { history, restore, isRestoring } = controller;
  const current = (controller.data as { version: number } | undefined)?.version;
  const fieldText = useFieldText();
  const valueText = useValueText();
  const [picked, setPicked] = useState<Set<RowKey>>(() => new Set());
  const versions = history.data?.items ?? [];
  const chosen = versions.filter((v) => picked.has(v.version)).sort((a, b) => a.version - b.version);

  const columns: DataTableColumn<DocumentVersion<RecordOf<D>>>[] = [
    {
      key: 'version',
      header: t('history.version'),
      render: (v) => (
        <>
          {v.version} {v.version === current && <Badge $tone="success">{t('history.current')}</Badge>}
          {v.restoredFrom !== null && <div>{t('history.restoredFrom', { version: v.restoredFrom })}</div>}
        </>
      ),
    },
    { key: 'savedAt', header: t('history.savedAt'), render: (v) => formatDateTime(v.savedAt) },
    { key: 'savedBy', header: t('history.savedBy'), render: (v) => v.savedBy ?? '—' },
    {
      key: 'restore',
      header: t('history.restore'),
      align: 'right',
      render: (v) =>
        v.version === current ? null : (
          <Button
            size="sm"
            onClick={() => restore(v.version)}
            loading={isRestoring}
            aria-label={t('history.restoreLabel', { version: v.version })}
          >
            {t('history.restore')}
          </Button>
        ),
    },
  ];

  return (
    <Panel aria-label={t('history.title')}>
      <h2>{t('history.title')}</h2>
      <p>{t('history.compareHint')}</p>
      <DataTable
        caption={t('history.title')}
        columns={columns}
        rows={history.data?.items}
        rowKey={(v) => v.version}
        loading={history.isLoading}
        error={history.error && !history.data ? describeError(history.error) : undefined}
        onRetry={history.refetch}
        emptyTitle={t('history.empty')}
        // At most two ticked: a third replaces the oldest pick.
        selection={{ selected: picked, onChange: (next) => setPicked(new Set([...next].slice(-2))) }}
      />
      {history.data && (
        <Pagination page={history.data.page} pageSize={history.data.pageSize} total={history.data.total} onPageChange={history.setPage} />
      )}
      {chosen.length === 2 && (
        <JsonDiff
          caption={t('history.diffTitle', { from: chosen[0].version, to: chosen[1].version })}
          before={chosen[0].value}
          after={chosen[1].value}
          fieldLabel={fieldText}
          formatValue={valueText}
          hidden={(path) => BOOKKEEPING_FIELDS.has(path)}
        />
      )}
    </Panel>
  );
}
