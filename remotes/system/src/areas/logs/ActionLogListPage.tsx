import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { actionLogResource, type ActionLog, type FilterOf } from '@phoenix/contract';
import { RecordDetailModal, ResourceListPage, useDetailParam, useListController, useTranslation } from '@phoenix/shell';
import { actionLogList } from './list';
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

type Filter = FilterOf<typeof actionLogResource>;
type Draft = Record<Filter, string>;
const FILTERS = actionLogResource.filters;

const ChangeCell = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  white-space: nowrap;
`;
const targetLabel = (log: ActionLog) => (log.targetId ? `${log.targetType} #${log.targetId}` : log.targetType);

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
    if (from && to && from > to) return setRangeError(t('logs.rangeError'));
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
    <Panel as="form" onSubmit={submit} aria-label={t('logs.filterLabel')} role="search">
      <FieldRow>
        <TextField label={t('logs.admin')} type="search" value={draft.admin} onChange={set('admin')} />
        <TextField label={t('logs.action')} type="search" value={draft.action} onChange={set('action')} hint={t('logs.actionHint')} />
        <TextField label={t('logs.target')} type="search" value={draft.target} onChange={set('target')} hint={t('logs.targetHint')} />
        <TextField label={t('logs.from')} type="datetime-local" value={draft.from} onChange={set('from')} error={rangeError} />
        <TextField label={t('logs.to')} type="datetime-local" value={draft.to} onChange={set('to')} />
      </FieldRow>
      <FormActions>
        <Button onClick={clear}>{t('logs.clear')}</Button>
        <Button type="submit" variant="primary">
          {t('logs.apply')}
        </Button>
      </FormActions>
    </Panel>
  );
}

export default function ActionLogListPage() {
  const { t } = useTranslation('system');
  const list = useListController(actionLogList.resource, actionLogList);
  const detail = useDetailParam();
  /** "2 changed, 1 added": the detail shows the values. */
  const changeSummary = (log: ActionLog) => {
    if (log.before === null && log.after === null) return t('logs.noData');
    const diff = diffJson(log.before, log.after);
    const parts = (['changed', 'added', 'removed'] as const)
      .filter((k) => diff[k].length)
      .map((k) => t(`logs.${k}`, { count: diff[k].length }));
    return parts.length ? parts.join(', ') : t('logs.noChange');
  };
  return (
    <ResourceListPage
      list={list}
      title={t('logs.title')}
      description={t('logs.description')}
      labelOf={(log) => `#${log.id}`}
      history={false}
      pageSizeOptions={[20, 50, 100, 200]}
      // Re-mounted on URL change (back/forward, a shared link) so the inputs show the applied filters.
      before={<Filters key={FILTERS.map((f) => list.filters[f]).join('|')} applied={list.filters} onApply={list.setFilters} />}
      columns={[
        { key: 'createdAt', sortable: true, header: t('logs.when'), render: (log) => formatDateTime(log.createdAt) },
        { key: 'adminEmail', sortable: true, header: t('logs.admin') },
        { key: 'action', sortable: true, header: t('logs.action'), render: (log) => <Mono>{log.action}</Mono> },
        { key: 'targetType', sortable: true, header: t('logs.target'), render: targetLabel },
        {
          key: 'changes',
          header: t('logs.changes'),
          render: (log) => (
            <ChangeCell>
              <span>{changeSummary(log)}</span>
              <Button size="sm" variant="ghost" onClick={() => detail.open(log.id)} aria-label={t('logs.viewLabel', { id: log.id })}>
                {t('logs.view')}
              </Button>
            </ChangeCell>
          ),
        },
      ]}
    >
      {detail.isOpen && (
        <RecordDetailModal
          resource={actionLogResource}
          id={detail.id}
          title={detail.id === null ? t('logs.entry') : t('logs.entryId', { id: detail.id })}
          onClose={detail.close}
        >
          {(log) => (
            <>
              <Facts>
                <dt>{t('logs.when')}</dt>
                <dd>{formatDateTime(log.createdAt)}</dd>
                <dt>{t('logs.who')}</dt>
                <dd>{log.adminEmail}</dd>
                <dt>{t('logs.what')}</dt>
                <dd>
                  <Mono>{log.action}</Mono>
                </dd>
                <dt>{t('logs.target')}</dt>
                <dd>{targetLabel(log)}</dd>
              </Facts>
              <JsonDiff before={log.before} after={log.after} caption={t('logs.beforeAfter')} />
            </>
          )}
        </RecordDetailModal>
      )}
    </ResourceListPage>
  );
}
