import { memo, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css, keyframes } from 'styled-components';
import { focusRing, visuallyHidden } from './focus';
import { EmptyState, ErrorState, LoadingSkeleton } from './states';
import { BREAKPOINTS, tokens } from './theme';

export type SortOrder = 'asc' | 'desc';
export interface SortState {
  key: string;
  order: SortOrder;
}

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  /** Header becomes a button that asks the server for this order. */
  sortable?: boolean;
  /** Cell content; defaults to String(row[key]). Return nodes, never HTML strings. */
  render?: (row: T) => ReactNode;
  width?: string;
  align?: 'left' | 'right' | 'center';
  /**
   * Stays at the table's right edge while a wide table scrolls sideways: a row's actions are always in
   * view, however long its values (a wallet address, a JSON value) make the other columns.
   */
  pinned?: boolean;
}

export type RowKey = string | number;

export interface DataTableSelection {
  selected: ReadonlySet<RowKey>;
  onChange: (selected: Set<RowKey>) => void;
}

export interface DataTableProps<T> {
  /** Accessible name of the table (visually hidden caption). */
  caption: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => RowKey;
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  loading?: boolean;
  /** A describeError sentence; shows the error state instead of rows. */
  error?: ReactNode;
  onRetry?: () => void;
  emptyTitle?: ReactNode;
  emptyMessage?: ReactNode;
  emptyAction?: ReactNode;
  /** Checkbox per row + "select page"; bulkActions renders in a bar while something is selected. */
  selection?: DataTableSelection;
  bulkActions?: (selected: RowKey[]) => ReactNode;
}

const Wrap = styled.div`
  overflow-x: auto;
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radius};
  background: ${tokens.colors.surface};
`;
/**
 * The cells' rules live on the table, and its rows, cells and checkboxes are plain elements: a page of
 * 20 rows has about 200 of them, and a styled component costs a render of its own for each (context
 * reads, props filtering, class lookup) where a plain element costs none. Alignment and pinning are
 * data attributes. Child combinators keep the rules off a table nested in a cell.
 */
const cellAlignment = `
  text-align: left;
  &[data-align='right'] {
    text-align: right;
  }
  &[data-align='center'] {
    text-align: center;
  }
`;
// Shown while columns are under the pinned one: from the start of the table's sideways scroll to its end.
const pinnedShade = keyframes`
  from, 97% { opacity: 1; }
  to { opacity: 0; }
`;
/**
 * Last column kept in view (not on a phone, where it would leave no room for the rest). A line and a
 * shadow on its left edge say that columns scroll under it: a 1 px line alone read as one more column
 * border, and a column it covered looked absent, not hidden. The shadow shows only while something is
 * under the column.
 */
const pinnedCell = css`
  @media (min-width: ${BREAKPOINTS.tiny + 1}px) {
    position: sticky;
    right: 0;
    z-index: 1;
    box-shadow: -1px 0 0 ${tokens.colors.border};
    /* The shade falls on the cells that scroll under the column, outside its own box. */
    &::before {
      content: '';
      position: absolute;
      top: 0;
      bottom: 0;
      left: -8px;
      width: 8px;
      background: linear-gradient(to left, rgba(15, 23, 42, 0.16), transparent);
      pointer-events: none;
      /* Driven by the scroller's sideways position: a table that fits has no scroll timeline, so no
         shade (nothing is hidden); at the end of the scroll nothing is under the column either. */
      opacity: 0;
      animation: ${pinnedShade} linear both;
      animation-timeline: scroll(nearest inline);
    }
  }
`;
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  color: ${tokens.colors.text};
  /* Busy (a refetch over the rows on screen): an accent line above the rows, not dimmed rows. Dimmed
     text and badges fall below WCAG's contrast ratio, and axe reports them whenever it runs mid-refetch. */
  &[aria-busy='true'] > tbody {
    cursor: progress;
  }
  &[aria-busy='true'] > thead > tr:last-child > th {
    box-shadow: inset 0 -3px 0 ${tokens.colors.accent};
  }
  & > thead > tr > th {
    ${cellAlignment}
    padding: 0.55rem 0.75rem;
    background: ${tokens.colors.background};
    border-bottom: 1px solid ${tokens.colors.border};
    font-weight: 600;
    white-space: nowrap;
    &[data-pinned] {
      ${pinnedCell}
    }
  }
  & > tbody > tr > td {
    ${cellAlignment}
    padding: 0.55rem 0.75rem;
    border-bottom: 1px solid ${tokens.colors.subtle};
    vertical-align: top;
    &[data-pinned] {
      ${pinnedCell}
      background: ${tokens.colors.surface};
    }
  }
  /* Not the loading skeleton's rows (aria-hidden): nothing to point at yet. */
  & > tbody > tr:not([aria-hidden]):hover > td {
    background: ${tokens.colors.background};
  }
  & > * > tr > * > input[type='checkbox'] {
    ${focusRing}
  }
`;
const Caption = styled.caption`
  ${visuallyHidden}
`;
const SortButton = styled.button`
  font: inherit;
  font-weight: 600;
  color: inherit;
  background: none;
  border: 0;
  padding: 0;
  cursor: pointer;
  display: inline-flex;
  gap: 0.3rem;
  align-items: center;
  ${focusRing}
`;
const BulkBar = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.5rem 0.75rem;
  background: ${tokens.colors.warningSurface};
  border-bottom: 1px solid ${tokens.colors.border};
  font-size: 0.875rem;
`;

const ariaSortOf = (sort: SortState | null | undefined, key: string) =>
  sort?.key === key ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none';

function defaultCell<T>(row: T, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  return value === null || value === undefined ? '' : String(value);
}

interface DataRowProps<T> {
  row: T;
  rowKey: RowKey;
  columns: readonly DataTableColumn<T>[];
  /** undefined: the table has no selection column. */
  selected: boolean | undefined;
  onToggle: ((key: RowKey) => void) | undefined;
  selectLabel: string;
}

/**
 * One row as its own component: React can yield between rows while a page of them renders (a table
 * rendered in one function is one unit of work, 30 ms and more at 4x CPU for 20 player rows), and a
 * row whose props did not change is not rendered again.
 */
const DataRow = memo(function DataRow<T>({ row, rowKey, columns, selected, onToggle, selectLabel }: DataRowProps<T>) {
  return (
    <tr aria-selected={selected}>
      {selected !== undefined && (
        <td>
          <input type="checkbox" checked={selected} onChange={() => onToggle?.(rowKey)} aria-label={selectLabel} />
        </td>
      )}
      {columns.map((c) => (
        <td key={c.key} data-align={c.align} data-pinned={c.pinned ? '' : undefined}>
          {c.render ? c.render(row) : defaultCell(row, c.key)}
        </td>
      ))}
    </tr>
  );
}) as <T>(props: DataRowProps<T>) => ReactNode;

/**
 * A server-driven table: it renders what it is given and reports what the admin asks for
 * (sort, retry, selection). Paging, fetching and URL state live in the shell's list hooks.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  loading = false,
  error,
  onRetry,
  emptyTitle,
  emptyMessage,
  emptyAction,
  selection,
  bulkActions,
}: DataTableProps<T>) {
  const { t } = useTranslation('ui');
  const baseId = useId();
  const colCount = columns.length + (selection ? 1 : 0);
  const visibleKeys = (rows ?? []).map(rowKey);
  const selectedOnPage = selection ? visibleKeys.filter((k) => selection.selected.has(k)) : [];
  const allOnPage = visibleKeys.length > 0 && selectedOnPage.length === visibleKeys.length;

  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (allOnPage) visibleKeys.forEach((k) => next.delete(k));
    else visibleKeys.forEach((k) => next.add(k));
    selection.onChange(next);
  };
  const toggleOne = (key: RowKey) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };

  let body: ReactNode;
  let skeleton = false;
  if (error) {
    body = (
      <tr>
        <td colSpan={colCount}>
          <ErrorState message={error} onRetry={onRetry} />
        </td>
      </tr>
    );
  } else if (!rows || (loading && rows.length === 0)) {
    skeleton = true;
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={colCount}>
          <EmptyState title={emptyTitle ?? t('table.empty')} action={emptyAction}>
            {emptyMessage}
          </EmptyState>
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => {
      const key = rowKey(row);
      return (
        <DataRow
          key={key}
          row={row}
          rowKey={key}
          columns={columns}
          selected={selection ? selection.selected.has(key) : undefined}
          onToggle={selection ? toggleOne : undefined}
          selectLabel={selection ? t('table.selectRow', { key }) : ''}
        />
      );
    });
  }

  return (
    <Wrap>
      {selection && selection.selected.size > 0 && (
        <BulkBar role="region" aria-label={t('table.bulkActions')}>
          <span>{t('table.selected', { count: selection.selected.size })}</span>
          {bulkActions?.([...selection.selected])}
        </BulkBar>
      )}
      <Table aria-busy={loading || undefined} aria-describedby={loading ? `${baseId}-loading` : undefined}>
        <Caption>
          {caption}
          {loading && <span id={`${baseId}-loading`}>{t('table.loading')}</span>}
        </Caption>
        <thead>
          <tr>
            {selection && (
              <th style={{ width: '2.5rem' }}>
                <input type="checkbox" checked={allOnPage} onChange={toggleAll} aria-label={t('table.selectAll')} />
              </th>
            )}
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                data-align={c.align}
                data-pinned={c.pinned ? '' : undefined}
                style={c.width ? { width: c.width } : undefined}
                aria-sort={c.sortable ? ariaSortOf(sort, c.key) : undefined}
              >
                {c.sortable && onSortChange ? (
                  <SortButton
                    type="button"
                    onClick={() => onSortChange({ key: c.key, order: sort?.key === c.key && sort.order === 'asc' ? 'desc' : 'asc' })}
                  >
                    {c.header}
                    <span aria-hidden="true">{sort?.key === c.key ? (sort.order === 'asc' ? '▲' : '▼') : '↕'}</span>
                  </SortButton>
                ) : (
                  c.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        {skeleton ? <LoadingSkeleton columns={colCount} /> : <tbody>{body}</tbody>}
      </Table>
    </Wrap>
  );
}
