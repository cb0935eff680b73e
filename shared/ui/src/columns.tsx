import styled from 'styled-components';
import type { DataTableColumn } from './DataTable';
import { formatDateTime } from './format';
import { kitT } from './i18n';
import { tokens } from './theme';

/** The Edit / Delete (or other) buttons at the end of a row. */
export const RowActions = styled.div`
  display: flex;
  gap: 0.25rem;
  justify-content: flex-end;
`;

const UpdatedBy = styled.span`
  display: block;
  color: ${tokens.colors.muted};
  font-size: 0.75rem;
`;

/** "Updated" column of every versioned record: when, and by whom. */
export function updatedColumn<T extends { updatedAt: string; updatedBy: string | null }>(): DataTableColumn<T> & {
  key: 'updatedAt';
  sortable: true;
} {
  return {
    key: 'updatedAt',
    header: kitT('columns.updated'),
    sortable: true,
    render: (row) => (
      <>
        {formatDateTime(row.updatedAt)}
        {row.updatedBy && <UpdatedBy>{row.updatedBy}</UpdatedBy>}
      </>
    ),
  };
}
