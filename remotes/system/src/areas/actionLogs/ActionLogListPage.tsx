import { useMemo, useState, type FormEvent } from 'react';
import { actionLogsResource, type ActionLog, type FilterOf } from '@phoenix/contract';
import { RecordDetailModal, ResourceListPage, sentence, useDetailParam, useListController, useTranslation } from '@phoenix/shell';
import {
  Button,
  diffJson,
  FieldRow,
  FormActions,
  formatDateTime,
  isoToLocalInput,
  JsonDiff,
  localInputToIso,
  Mono,
  Panel,
  TextField,
  Facts,
} from '@phoenix/ui';
import { ActionLogTarget } from './ActionLogTarget';
import { actionLogList } from './list';
import { RecordCheck } from './RecordCheck';

type Filter = FilterOf<typeof actionLogsResource>;
type Draft = Record<Filter, string>;
const FILTERS = actionLogsResource.filters;

/**
 * Each row's change summary, per language, kept with the row's object: the rows are the list query's
 * cached objects, so a page opened again (or re-rendered) reads the summary instead of diffing the
 * entry's before and after and resolving plurals again for each of its 50 rows.
 */
const summaries = new WeakMap<ActionLog, { language: string; text: string }>();

/** The filter inputs: edited locally, written to the URL on "Apply" (one request, one history entry). */
function Filters({ applied, onApply }: { applied: Draft; onApply: (values: Draft) => void }) {
  const { t } = useTranslation('system');
  // from/to travel as ISO in the URL; the inputs show the admin's local time.
  const [draft, setDraft] = useState<Draft>({ ...applied, from: isoToLocalInput(applied.from), to: isoToLocalInput(applied.to) });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const set = (name: Filter) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value }));
  const apply = (values: Draft) => {
    const from = localInputToIso(values.from);
    const to = localInputToIso(values.to);
    if (from && to && from > to) return setRangeError(t('actionLogs.rangeError'));
    setRangeError(null);
    onApply({ admin: values.admin.trim(), action: values.action.trim(), target: values.target.trim(), from, to });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };
  const clear = () => {
    const empty = { admin: '', action: '', target: '', from: '', to: '' };
    setDraft(empty);
    apply(empty);
  };
  return (
    <Panel as="form" onSubmit={submit} aria-label={t('actionLogs.filterLabel')} role="search">
      <FieldRow>
        <TextField label={t('actionLogs.fields.admin')} type="search" value={draft.admin} onChange={set('admin')} />
        <TextField
          label={t('actionLogs.fields.action')}
          type="search"
          value={draft.action}
          onChange={set('action')}
          hint={t('actionLogs.actionHint')}
        />
        <TextField
          label={t('actionLogs.fields.target')}
          type="search"
          value={draft.target}
          onChange={set('target')}
          hint={t('actionLogs.targetHint')}
        />
        <TextField label={t('actionLogs.from')} type="datetime-local" value={draft.from} onChange={set('from')} error={rangeError} />
        <TextField label={t('actionLogs.to')} type="datetime-local" value={draft.to} onChange={set('to')} />
      </FieldRow>
      <FormActions>
        <Button onClick={clear}>{t('actionLogs.clear')}</Button>
        <Button type="submit" variant="primary">
          {t('actionLogs.apply')}
        </Button>
      </FormActions>
    </Panel>
  );
}

export default function ActionLogListPage() {
  const { t, i18n } = useTranslation('system');
  const list = useListController(actionLogList.resource, actionLogList);
  const detail = useDetailParam();
  // Asked once per table, not once per row (see `sentence`).
  const texts = useMemo(
    () => ({
      view: t('actionLogs.view'),
      viewLabel: sentence(t, 'actionLogs.viewLabel', 'id'),
      noData: t('actionLogs.noData'),
      noChange: t('actionLogs.noChange'),
      // "2 changed, 1 added"; in Japanese "2 件変更、1 件追加".
      separator: t('actionLogs.summarySeparator'),
    }),
    [t],
  );
  /** "2 changed, 1 added": the detail shows the values. */
  const changeSummary = (log: ActionLog) => {
    const cached = summaries.get(log);
    if (cached?.language === i18n.language) return cached.text;
    let text = texts.noData;
    if (log.before !== null || log.after !== null) {
      const diff = diffJson(log.before, log.after);
      const parts = (['changed', 'added', 'removed'] as const)
        .filter((k) => diff[k].length)
        .map((k) => t(`actionLogs.${k}`, { count: diff[k].length }));
      text = parts.length ? parts.join(texts.separator) : texts.noChange;
    }
    summaries.set(log, { language: i18n.language, text });
    return text;
  };
  return (
    <ResourceListPage
      list={list}
      history={false}
      pageSizeOptions={[20, 50, 100, 200]}
      // The row's action: pinned at the table's right edge with the other lists' actions.
      rowActions={(log) => (
        <Button size="sm" variant="ghost" onClick={() => detail.open(log.id)} aria-label={texts.viewLabel(log.id)}>
          {texts.view}
        </Button>
      )}
      // Re-mounted on URL change (back/forward, a shared link) so the inputs show the applied filters.
      before={
        <>
          <RecordCheck />
          <Filters key={FILTERS.map((f) => list.filters[f]).join('|')} applied={list.filters} onApply={list.setFilters} />
        </>
      }
      columns={[
        { key: 'createdAt', field: 'when', sortable: true, render: (log) => formatDateTime(log.createdAt) },
        { key: 'adminEmail', field: 'admin', sortable: true },
        { key: 'action', sortable: true, render: (log) => <Mono>{log.action}</Mono> },
        { key: 'targetType', field: 'target', sortable: true, render: (log) => <ActionLogTarget log={log} /> },
        { key: 'changes', render: changeSummary },
      ]}
    >
      {detail.isOpen && (
        <RecordDetailModal
          resource={actionLogsResource}
          id={detail.id}
          title={detail.id === null ? t('actionLogs.entry') : t('actionLogs.entryId', { id: detail.id })}
          onClose={detail.close}
        >
          {(log) => (
            <>
              <Facts>
                <dt>{t('actionLogs.fields.when')}</dt>
                <dd>{formatDateTime(log.createdAt)}</dd>
                <dt>{t('actionLogs.who')}</dt>
                <dd>{log.adminEmail}</dd>
                <dt>{t('actionLogs.what')}</dt>
                <dd>
                  <Mono>{log.action}</Mono>
                </dd>
                <dt>{t('actionLogs.fields.target')}</dt>
                <dd>
                  <ActionLogTarget log={log} />
                </dd>
              </Facts>
              <JsonDiff before={log.before} after={log.after} caption={t('actionLogs.beforeAfter')} />
            </>
          )}
        </RecordDetailModal>
      )}
    </ResourceListPage>
  );
}
