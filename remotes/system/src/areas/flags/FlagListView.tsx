import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { ActiveFlag } from '@phoenix/contract';
import {
  ResourceTable,
  useConfirm,
  useCsvExport,
  useListParams,
  useResourceList,
  useResourceMutation,
} from '@phoenix/shell';
import {
  Button,
  ButtonLink,
  type DataTableColumn,
  FilterBar,
  PageBody,
  PageHeader,
  RowActions,
  SearchForm,
  Select,
  Switch,
  truncate,
  updatedColumn,
  VisuallyHidden,
} from '@phoenix/ui';
import { ACTIVE_FLAGS, STATE_OPTIONS } from './flagLabels';
import { useFlagToggle } from './useFlagToggle';

const FILTERS = ['enabled'] as const;

const Mono = styled.code`
  font-family: ${({ theme }) => theme.monoFont};
  font-size: 0.8125rem;
`;

export function FlagListView({ createSearch, editSearch }: { createSearch: string; editSearch: (id: number) => string }) {
  const list = useListParams({ defaults: { sort: 'key', order: 'asc' }, filters: FILTERS });
  const result = useResourceList<ActiveFlag>(ACTIVE_FLAGS, list.toQuery());
  const { remove } = useResourceMutation<ActiveFlag>(ACTIVE_FLAGS);
  const { exportCsv, isExporting } = useCsvExport(ACTIVE_FLAGS, list.toFilterQuery());
  const { toggle, pendingId } = useFlagToggle();
  const confirm = useConfirm();
  const filtered = Boolean(list.q || list.filters.enabled);

  const onDelete = async (flag: ActiveFlag) => {
    const ok = await confirm({
      title: `Delete flag ${flag.key}?`,
      body: 'The game no longer finds it at its next refresh. This cannot be undone.',
      okText: 'Delete',
      danger: true,
    });
    if (ok) remove.mutate({ id: flag.id, version: flag.version, label: flag.key });
  };

  const newButton = (
    <ButtonLink as={Link} to={{ search: createSearch }} $variant="primary">
      New flag
    </ButtonLink>
  );

  const columns: DataTableColumn<ActiveFlag>[] = [
    { key: 'key', header: 'Key', sortable: true, render: (flag) => <Mono>{flag.key}</Mono> },
    {
      key: 'enabled',
      header: 'State',
      sortable: true,
      render: (flag) => <Switch checked={flag.enabled} label={flag.key} onChange={() => void toggle(flag)} disabled={pendingId === flag.id} />,
    },
    // The API sorts flags by key, state and update time only.
    { key: 'description', header: 'Description', render: (flag) => truncate(flag.description, 100) },
    updatedColumn<ActiveFlag>(),
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      render: (flag) => (
        <RowActions>
          <ButtonLink as={Link} to={{ search: editSearch(flag.id) }} $size="sm" $variant="ghost" aria-label={`Edit ${flag.key}`}>
            Edit
          </ButtonLink>
          <Button size="sm" variant="ghost" onClick={() => onDelete(flag)} aria-label={`Delete ${flag.key}`}>
            Delete
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <PageBody>
      <PageHeader
        title="Active flags"
        description="Feature flags the game reads at run time: switch one on or off from the list."
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
        <SearchForm label="Search key or description" value={list.q} onSearch={list.setQ} />
        <Select label="State" options={STATE_OPTIONS} placeholder="On and off" value={list.filters.enabled} onChange={(e) => list.setFilter('enabled', e.target.value)} />
      </FilterBar>
      <ResourceTable
        caption="Active flags"
        columns={columns}
        rowKey={(flag) => flag.id}
        list={list}
        result={result}
        filtered={filtered}
        filteredEmptyTitle="No flags match these filters"
        emptyTitle="No flags yet"
        emptyAction={newButton}
      />
    </PageBody>
  );
}
