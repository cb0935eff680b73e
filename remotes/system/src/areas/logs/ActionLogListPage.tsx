import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { ActionLog } from '@phoenix/contract';
import { ResourceTable, useCsvExport, useListParams, useResourceList } from '@phoenix/shell';
import {
  Button,
  type DataTableColumn,
  diffJson,
  FieldRow,
  FormActions,
  formatDateTime,
  isoToLocalInput,
  localInputToIso,
  PageBody,
  PageHeader,
  Panel,
  TextField,
} from '@phoenix/ui';
import { ACTION_LOGS, ActionLogDetail, targetLabel } from './ActionLogDetail';
import { useLogDetailParam } from './useLogDetailParam';

const FILTERS = ['admin', 'action', 'target', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

const Mono = styled.code`
  font-family: ${({ theme }) => theme.monoFont};
  font-size: 0.8125rem;
`;
const ChangeCell = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  white-space: nowrap;
`;

/** "2 changed, 1 added" from the entry's before/after, for the list; the detail shows the values. */
function changeSummary(log: ActionLog): string {
  if (log.before === null && log.after === null) return 'No data recorded';
  const diff = diffJson(log.before, log.after);
  const parts = [
    diff.changed.length && `${diff.changed.length} changed`,
    diff.added.length && `${diff.added.length} added`,
    diff.removed.length && `${diff.removed.length} removed`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'No field changed';
}

const logColumns = (onView: (log: ActionLog) => void): DataTableColumn<ActionLog>[] => [
  { key: 'createdAt', header: 'When', sortable: true, render: (log) => formatDateTime(log.createdAt) },
  { key: 'adminEmail', header: 'Admin', sortable: true },
  { key: 'action', header: 'Action', sortable: true, render: (log) => <Mono>{log.action}</Mono> },
  { key: 'targetType', header: 'Target', sortable: true, render: targetLabel },
  // Before/after are JSON documents: nothing meaningful to sort by.
  {
    key: 'changes',
    header: 'Changes',
    render: (log) => (
      <ChangeCell>
        <span>{changeSummary(log)}</span>
        <Button size="sm" variant="ghost" onClick={() => onView(log)} aria-label={`View log entry ${log.id}`}>
          View
        </Button>
      </ChangeCell>
    ),
  },
];

type Draft = Record<Filter, string>;

/** The filter inputs: edited locally, written to the URL on "Apply" (one request, one history entry). */
function Filters({ applied, onApply }: { applied: Draft; onApply: (values: Draft) => void }) {
  // from/to travel as ISO in the URL; the inputs show local time.
  const [draft, setDraft] = useState<Draft>({ ...applied, from: isoToLocalInput(applied.from), to: isoToLocalInput(applied.to) });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const set = (name: Filter) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const from = localInputToIso(draft.from);
    const to = localInputToIso(draft.to);
    if (from && to && from > to) {
      setRangeError('"From" must be before "To".');
      return;
    }
    setRangeError(null);
    onApply({ admin: draft.admin.trim(), action: draft.action.trim(), target: draft.target.trim(), from, to });
  };
  const clear = () => {
    setRangeError(null);
    setDraft({ admin: '', action: '', target: '', from: '', to: '' });
    onApply({ admin: '', action: '', target: '', from: '', to: '' });
  };

  return (
    <Panel as="form" onSubmit={submit} aria-label="Filter action logs" role="search">
      <FieldRow>
        <TextField label="Admin email" type="search" value={draft.admin} onChange={set('admin')} />
        <TextField label="Action" type="search" value={draft.action} onChange={set('action')} hint="Exact, or a prefix: constantVariable" />
        <TextField label="Target" type="search" value={draft.target} onChange={set('target')} hint="Type, or type:id (constantVariable:7)" />
        <TextField label="From" type="datetime-local" value={draft.from} onChange={set('from')} error={rangeError} />
        <TextField label="To" type="datetime-local" value={draft.to} onChange={set('to')} />
      </FieldRow>
      <FormActions>
        <Button onClick={clear}>Clear filters</Button>
        <Button type="submit" variant="primary">
          Apply filters
        </Button>
      </FormActions>
    </Panel>
  );
}

export default function ActionLogListPage() {
  const list = useListParams({ defaults: { sort: 'createdAt', order: 'desc', pageSize: 50 }, filters: FILTERS });
  const result = useResourceList<ActionLog>(ACTION_LOGS, list.toQuery());
  const { exportCsv, isExporting } = useCsvExport(ACTION_LOGS, list.toFilterQuery());
  const filtered = FILTERS.some((f) => list.filters[f]);
  const detail = useLogDetailParam();

  return (
    <PageBody>
      <PageHeader
        title="Action logs"
        description="Who changed what, with the record before and after. Read-only."
        actions={
          <Button onClick={exportCsv} loading={isExporting}>
            Export CSV
          </Button>
        }
      />
      {/* Re-mount on URL change (back/forward, shared link) so the inputs show the applied filters. */}
      <Filters key={FILTERS.map((f) => list.filters[f]).join('|')} applied={list.filters} onApply={list.setFilters} />
      <ResourceTable
        caption="Action logs"
        columns={logColumns((log) => detail.open(log.id))}
        rowKey={(log) => log.id}
        list={list}
        result={result}
        filtered={filtered}
        filteredEmptyTitle="No log entries match these filters"
        emptyTitle="No actions logged yet"
        pageSizeOptions={[20, 50, 100, 200]}
      />
      {detail.isOpen && <ActionLogDetail id={detail.id} onClose={detail.close} />}
    </PageBody>
  );
}
