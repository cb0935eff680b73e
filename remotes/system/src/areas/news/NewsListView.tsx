import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { NewsItem } from '@phoenix/contract';
import {
  ResourceTable,
  useConfirm,
  useCsvExport,
  useListParams,
  useResourceList,
  useResourceMutation,
} from '@phoenix/shell';
import {
  Badge,
  Button,
  ButtonLink,
  type DataTableColumn,
  FilterBar,
  formatDateTime,
  markdownToPlainText,
  PageBody,
  PageHeader,
  RowActions,
  SearchForm,
  Select,
  truncate,
  updatedColumn,
  VisuallyHidden,
} from '@phoenix/ui';
import { CATEGORY_OPTIONS, NEWS, STATUS_OPTIONS, STATUS_TONE, categoryLabel, statusLabel } from './newsLabels';

const FILTERS = ['category', 'status'] as const;

const Excerpt = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.8125rem;
  max-width: 32rem;
`;

/** The body as one line of plain text: markdown syntax dropped, HTML left as the text it is. */
const excerpt = (body: string) => truncate(markdownToPlainText(body), 140);

export function NewsListView({ createSearch, editSearch }: { createSearch: string; editSearch: (id: number) => string }) {
  const list = useListParams({ filters: FILTERS });
  const result = useResourceList<NewsItem>(NEWS, list.toQuery());
  const { remove } = useResourceMutation<NewsItem>(NEWS);
  const { exportCsv, isExporting } = useCsvExport(NEWS, list.toFilterQuery());
  const confirm = useConfirm();
  const filtered = Boolean(list.q || list.filters.category || list.filters.status);

  const onDelete = async (news: NewsItem) => {
    const ok = await confirm({
      title: `Delete news "${news.title}"?`,
      body: 'Players stop seeing it at once. This cannot be undone.',
      okText: 'Delete',
      danger: true,
    });
    if (ok) remove.mutate({ id: news.id, version: news.version, label: `"${news.title}"` });
  };

  const newButton = (
    <ButtonLink as={Link} to={{ search: createSearch }} $variant="primary">
      New information
    </ButtonLink>
  );

  const columns: DataTableColumn<NewsItem>[] = [
    {
      key: 'title',
      header: 'Title',
      sortable: true,
      width: '30%',
      render: (news) => (
        <>
          <strong>{news.title}</strong>
          <Excerpt>{excerpt(news.body)}</Excerpt>
        </>
      ),
    },
    { key: 'category', header: 'Category', sortable: true, render: (news) => categoryLabel(news.category) },
    { key: 'status', header: 'Status', render: (news) => <Badge $tone={STATUS_TONE[news.status]}>{statusLabel(news.status)}</Badge> },
    { key: 'publishStart', header: 'Publish start', sortable: true, render: (news) => formatDateTime(news.publishStart) },
    { key: 'publishEnd', header: 'Publish end', sortable: true, render: (news) => (news.publishEnd ? formatDateTime(news.publishEnd) : 'No end') },
    { key: 'pinned', header: 'Pinned', sortable: true, render: (news) => (news.pinned ? <Badge $tone="warning">Pinned</Badge> : 'No') },
    updatedColumn<NewsItem>(),
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      render: (news) => (
        <RowActions>
          <ButtonLink as={Link} to={{ search: editSearch(news.id) }} $size="sm" $variant="ghost" aria-label={`Edit ${news.title}`}>
            Edit
          </ButtonLink>
          <Button size="sm" variant="ghost" onClick={() => onDelete(news)} aria-label={`Delete ${news.title}`}>
            Delete
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <PageBody>
      <PageHeader
        title="Information"
        description="In-game news: what players read in the client, within its publish window."
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
        <SearchForm label="Search title or body" value={list.q} onSearch={list.setQ} />
        <Select label="Category" options={CATEGORY_OPTIONS} placeholder="Any category" value={list.filters.category} onChange={(e) => list.setFilter('category', e.target.value)} />
        <Select label="Status" options={STATUS_OPTIONS} placeholder="Any status" value={list.filters.status} onChange={(e) => list.setFilter('status', e.target.value)} />
      </FilterBar>
      <ResourceTable
        caption="Information"
        columns={columns}
        rowKey={(news) => news.id}
        list={list}
        result={result}
        filtered={filtered}
        filteredEmptyTitle="No news matches these filters"
        emptyTitle="No news yet"
        emptyAction={newButton}
      />
    </PageBody>
  );
}
