import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { ConstantVariable } from '@phoenix/contract';
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
  PageBody,
  PageHeader,
  RowActions,
  SearchForm,
  truncate,
  updatedColumn,
  VisuallyHidden,
} from '@phoenix/ui';
import { CONSTANT_VARIABLES, CREATE_PATH, editPath } from './constantVariablePaths';

const Mono = styled.code`
  font-family: ${({ theme }) => theme.monoFont};
  font-size: 0.8125rem;
`;

export default function ConstantVariableListPage() {
  const list = useListParams({ defaults: { sort: 'key', order: 'asc', pageSize: 20 } });
  const result = useResourceList<ConstantVariable>(CONSTANT_VARIABLES, list.toQuery());
  const { remove } = useResourceMutation<ConstantVariable>(CONSTANT_VARIABLES);
  const { exportCsv, isExporting } = useCsvExport(CONSTANT_VARIABLES, list.toFilterQuery());
  const confirm = useConfirm();

  const onDelete = async (cv: ConstantVariable) => {
    const ok = await confirm({
      title: `Delete constant variable ${cv.key}?`,
      body: 'Game servers read it at their next refresh.',
      okText: 'Delete',
      danger: true,
    });
    if (ok) remove.mutate({ id: cv.id, version: cv.version, label: cv.key });
  };

  const columns: DataTableColumn<ConstantVariable>[] = [
    { key: 'key', header: 'Key', sortable: true, render: (cv) => <Mono>{cv.key}</Mono> },
    { key: 'type', header: 'Type', sortable: true, render: (cv) => <Badge $tone="info">{cv.type}</Badge> },
    {
      key: 'value',
      header: 'Value',
      sortable: true,
      render: (cv) => <Mono title={cv.value.length > 60 ? cv.value : undefined}>{truncate(cv.value, 60)}</Mono>,
    },
    { key: 'description', header: 'Description', sortable: true, render: (cv) => truncate(cv.description, 80) },
    updatedColumn<ConstantVariable>(),
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      render: (cv) => (
        <RowActions>
          <ButtonLink as={Link} to={editPath(cv.id)} $size="sm" $variant="ghost" aria-label={`Edit ${cv.key}`}>
            Edit
          </ButtonLink>
          <Button size="sm" variant="ghost" onClick={() => onDelete(cv)} aria-label={`Delete ${cv.key}`}>
            Delete
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <PageBody>
      <PageHeader
        title="Constant variables"
        description="Typed values the game servers read at run time."
        actions={
          <>
            <Button onClick={exportCsv} loading={isExporting}>
              Export CSV
            </Button>
            <ButtonLink as={Link} to={CREATE_PATH} $variant="primary">
              New variable
            </ButtonLink>
          </>
        }
      />
      <SearchForm label="Search key, value or description" value={list.q} onSearch={list.setQ} />
      <ResourceTable
        caption="Constant variables"
        columns={columns}
        rowKey={(cv) => cv.id}
        list={list}
        result={result}
        filtered={Boolean(list.q)}
        filteredEmptyTitle={`No variables match "${list.q}"`}
        emptyTitle="No constant variables yet"
        emptyAction={
          <ButtonLink as={Link} to={CREATE_PATH} $variant="primary">
            New variable
          </ButtonLink>
        }
      />
    </PageBody>
  );
}
