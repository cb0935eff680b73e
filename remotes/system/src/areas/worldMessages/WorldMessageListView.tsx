import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { WorldMessage } from '@phoenix/contract';
import { ResourceTable, useCsvExport, useListParams, useResourceList } from '@phoenix/shell';
import {
  Badge,
  Button,
  ButtonLink,
  type DataTableColumn,
  FilterBar,
  formatDateTime,
  PageBody,
  PageHeader,
  RowActions,
  SearchForm,
  Select,
  truncate,
  VisuallyHidden,
} from '@phoenix/ui';
import { useCancelWorldMessage } from './useCancelWorldMessage';
import { SEVERITY_OPTIONS, SEVERITY_TONE, STATE_OPTIONS, STATE_TONE, WORLD_MESSAGES, severityLabel, stateLabel } from './worldMessageLabels';

const FILTERS = ['state', 'severity'] as const;

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

export function WorldMessageListView({ createSearch, editSearch }: { createSearch: string; editSearch: (id: number) => string }) {
  const list = useListParams({ filters: FILTERS });
  const result = useResourceList<WorldMessage>(WORLD_MESSAGES, list.toQuery());
  const { exportCsv, isExporting } = useCsvExport(WORLD_MESSAGES, list.toFilterQuery());
  const { askAndCancel, isCancelling } = useCancelWorldMessage();
  const filtered = Boolean(list.q || list.filters.state || list.filters.severity);

  const newButton = (
    <ButtonLink as={Link} to={{ search: createSearch }} $variant="primary">
      New world message
    </ButtonLink>
  );
  const shortName = (wm: WorldMessage) => truncate(wm.message, 40);

  const columns: DataTableColumn<WorldMessage>[] = [
    { key: 'message', header: 'Message', width: '30%', render: (wm) => <Message>{wm.message}</Message> },
    { key: 'severity', header: 'Severity', sortable: true, render: (wm) => <Badge $tone={SEVERITY_TONE[wm.severity]}>{severityLabel(wm.severity)}</Badge> },
    {
      key: 'state',
      header: 'State',
      render: (wm) => (
        <>
          <Badge $tone={STATE_TONE[wm.state]}>{stateLabel(wm.state)}</Badge>
          {wm.state === 'cancelled' && wm.cancelledBy && <Muted>{`by ${wm.cancelledBy}`}</Muted>}
        </>
      ),
    },
    { key: 'displayStart', header: 'Display start', sortable: true, render: (wm) => formatDateTime(wm.displayStart) },
    { key: 'displayEnd', header: 'Display end', sortable: true, render: (wm) => formatDateTime(wm.displayEnd) },
    { key: 'createdAt', header: 'Created', sortable: true, render: (wm) => formatDateTime(wm.createdAt) },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      // Only a scheduled message can change; the others are history.
      render: (wm) =>
        wm.state === 'scheduled' && (
          <RowActions>
            <ButtonLink as={Link} to={{ search: editSearch(wm.id) }} $size="sm" $variant="ghost" aria-label={`Edit ${shortName(wm)}`}>
              Edit
            </ButtonLink>
            <Button size="sm" variant="ghost" onClick={() => askAndCancel(wm)} disabled={isCancelling} aria-label={`Cancel ${shortName(wm)}`}>
              Cancel
            </Button>
          </RowActions>
        ),
    },
  ];

  return (
    <PageBody>
      <PageHeader
        title="World messages"
        description="Broadcasts every player sees during their display window."
        actions={
          <>
            <Button onClick={exportCsv} loading={isExporting}>
              Export CSV
            </Button>
            {newButton}
          </>
        }
      />
      <FilterBar>
        <SearchForm label="Search messages" value={list.q} onSearch={list.setQ} />
        <Select label="State" options={STATE_OPTIONS} placeholder="Any state" value={list.filters.state} onChange={(e) => list.setFilter('state', e.target.value)} />
        <Select label="Severity" options={SEVERITY_OPTIONS} placeholder="Any severity" value={list.filters.severity} onChange={(e) => list.setFilter('severity', e.target.value)} />
      </FilterBar>
      <ResourceTable
        caption="World messages"
        columns={columns}
        rowKey={(wm) => wm.id}
        list={list}
        result={result}
        filtered={filtered}
        filteredEmptyTitle="No world messages match these filters"
        emptyTitle="No world messages yet"
        emptyAction={newButton}
      />
    </PageBody>
  );
}
