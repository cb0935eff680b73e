import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AnyResource, FilterOf, RecordOf, SortOf } from '@phoenix/contract';
import {
  Button,
  ButtonLink,
  enumOptions,
  ListFrame,
  RowActions,
  SearchForm,
  Select,
  VisuallyHidden,
  type DataTableColumn,
  type RowKey,
  type SelectOption,
} from '@phoenix/ui';
import { ResourceTable } from '../data/ResourceTable';
import { useResourceLinks } from './routing';
import { RecordHistoryButton } from './RecordHistory';
import type { ListController } from './useListController';
import { useNouns } from './useNouns';
import './translations';

/** A column; a sortable one must be keyed by a sort the resource declares (else: a type error). */
export type ResourceColumn<D extends AnyResource> = Omit<DataTableColumn<RecordOf<D>>, 'key' | 'sortable'> &
  ({ key: SortOf<D>; sortable: true } | { key: string; sortable?: false });

type Versioned = { id: number; version?: number };

export interface ResourceListPageProps<D extends AnyResource> {
  list: ListController<D>;
  title: ReactNode;
  description?: ReactNode;
  columns: ResourceColumn<D>[];
  /** Names a record in confirms, toasts and button labels: `(cv) => cv.key`. */
  labelOf: (record: RecordOf<D>) => string;
  /** The search box's label; without it, no search box. */
  searchLabel?: string;
  /** Filter controls after the search box (see FilterSelect). */
  filters?: ReactNode;
  /** Header buttons before Export / New. */
  actions?: ReactNode;
  /** Extra row buttons before Edit / Delete. */
  rowActions?: (record: RecordOf<D>) => ReactNode;
  /** A "History" button on each row (its action-log entries, RecordHistory.tsx); default true. */
  history?: boolean;
  /** Edit link per row (default: when the area has a form). */
  editable?: boolean | ((record: RecordOf<D>) => boolean);
  /** Delete per row (default: when the resource has DELETE). A string: the confirm's body. */
  deletable?: boolean | ((record: RecordOf<D>) => boolean);
  deleteBody?: (record: RecordOf<D>) => ReactNode;
  /** Checkboxes and a bar of bulk actions while rows are selected. */
  bulkActions?: (ids: RowKey[]) => ReactNode;
  before?: ReactNode;
  pageSizeOptions?: number[];
  /** After the table: a detail dialog, a form. */
  children?: ReactNode;
}

const decide = <R,>(rule: boolean | ((r: R) => boolean) | undefined, record: R, fallback: boolean) =>
  rule === undefined ? fallback : typeof rule === 'function' ? rule(record) : rule;

/** A list page bound to its controller: header (export, new), search and filters, table, pager, row actions. */
export function ResourceListPage<D extends AnyResource>(props: ResourceListPageProps<D>) {
  const {
    list,
    title,
    description,
    columns,
    labelOf,
    searchLabel,
    filters,
    actions,
    rowActions,
    history,
    editable,
    deletable,
    deleteBody,
    bulkActions,
    before,
    pageSizeOptions,
    children,
  } = props;
  const { t } = useTranslation('resources');
  const links = useResourceLinks();
  const { noun, plural } = useNouns(list.resource);
  const newButton = links.hasForm ? (
    <ButtonLink as={Link} to={links.create} $variant="primary">
      {t('list.new', { noun })}
    </ButtonLink>
  ) : null;

  const onDelete = (record: RecordOf<D> & Versioned) =>
    list.remove(record, {
      label: labelOf(record),
      title: t('list.deleteTitle', { noun, label: labelOf(record) }),
      body: deleteBody?.(record) ?? t('list.deleteBody'),
      okText: t('list.delete'),
    });

  const withActions = [...columns] as DataTableColumn<RecordOf<D>>[];
  const withHistory = history ?? true;
  const anyRowAction = rowActions || links.hasForm || list.resource.remove || withHistory;
  if (anyRowAction) {
    withActions.push({
      key: 'actions',
      header: <VisuallyHidden>{t('list.actions')}</VisuallyHidden>,
      align: 'right',
      render: (record: RecordOf<D> & Versioned) => (
        <RowActions>
          {rowActions?.(record)}
          {withHistory && <RecordHistoryButton target={list.resource.target} id={record.id} label={labelOf(record)} />}
          {decide(editable, record, links.hasForm) && (
            <ButtonLink
              as={Link}
              to={links.edit(record.id)}
              $size="sm"
              $variant="ghost"
              aria-label={t('list.editLabel', { label: labelOf(record) })}
            >
              {t('list.edit')}
            </ButtonLink>
          )}
          {decide(deletable, record, list.resource.remove) && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onDelete(record)}
              aria-label={t('list.deleteLabel', { label: labelOf(record) })}
            >
              {t('list.delete')}
            </Button>
          )}
        </RowActions>
      ),
    });
  }

  return (
    <ListFrame
      title={title}
      description={description}
      actions={
        <>
          {actions}
          <Button onClick={list.exportCsv} loading={list.isExporting}>
            {t('list.export')}
          </Button>
          {newButton}
        </>
      }
      filters={
        searchLabel || filters ? (
          <>
            {searchLabel && <SearchForm label={searchLabel} value={list.q} onSearch={list.setQ} />}
            {filters}
          </>
        ) : undefined
      }
      before={before}
    >
      <ResourceTable
        caption={typeof title === 'string' ? title : plural}
        columns={withActions}
        rowKey={(record) => (record as Versioned).id}
        list={list}
        result={list}
        filtered={list.filtered}
        filteredEmptyTitle={t('list.emptyFiltered', { plural })}
        emptyTitle={t('list.empty', { plural })}
        emptyAction={newButton}
        selection={bulkActions ? { selected: list.selection.ids, onChange: list.selection.set } : undefined}
        bulkActions={bulkActions}
        pageSizeOptions={pageSizeOptions}
      />
      {children}
    </ListFrame>
  );
}

/** A select bound to one of the list's URL filters (typed: only the filters the API declares). */
export function FilterSelect<D extends AnyResource>({
  list,
  name,
  label,
  options,
  anyLabel,
}: {
  list: ListController<D>;
  name: FilterOf<D>;
  label: string;
  options: SelectOption[];
  /** The "no filter" entry. */
  anyLabel: string;
}) {
  return (
    <Select
      label={label}
      options={options}
      placeholder={anyLabel}
      value={(list.filters as Record<string, string>)[name] ?? ''}
      onChange={(e) => list.setFilter(name, e.target.value)}
    />
  );
}

/**
 * Enum filters of a list from data, with one key convention in the remote's namespace:
 * `<prefix>.<name>` (label), `<prefix>.any.<name>` ("no filter"), `<prefix>.<labels>.<value>` (options).
 */
export function EnumFilters<D extends AnyResource>({
  list,
  t,
  prefix,
  filters,
}: {
  list: ListController<D>;
  t: (key: string) => string;
  prefix: string;
  filters: readonly (readonly [name: FilterOf<D>, values: readonly string[], labels: string])[];
}) {
  return filters.map(([name, values, labels]) => (
    <FilterSelect
      key={name}
      list={list}
      name={name}
      label={t(`${prefix}.${name}`)}
      anyLabel={t(`${prefix}.any.${name}`)}
      options={enumOptions(values, (v) => t(`${prefix}.${labels}.${v}`))}
    />
  ));
}
