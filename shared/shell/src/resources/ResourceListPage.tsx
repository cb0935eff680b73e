import { useMemo, type ReactNode } from 'react';
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
  type RowKey,
  type SelectOption,
} from '@phoenix/ui';
import { ResourceTable } from '../data/ResourceTable';
import { useAreaColumns, useAreaLabels, useRecordLabel, type LabelledColumn } from './area';
import { useResourceLinks } from './routing';
import { HistoryButton } from './RecordHistory';
import { sentence } from '../i18n/sentence';
import { PendingRecordIds, PendingRowMarker } from './PendingChanges';
import type { ListController } from './useListController';
import { useNouns } from './useNouns';
import { ReadOnlyNote } from './ReadOnlyNote';
import { usePermissions } from '../auth/usePermissions';
import './translations';

/**
 * A column; a sortable one must be keyed by a sort the resource declares (else: a type error).
 * Without a header, its label is the area's `<area>.fields.<key>` (or `.fields.<field>`).
 */
export type ResourceColumn<D extends AnyResource> = Omit<LabelledColumn<RecordOf<D>>, 'key' | 'sortable'> &
  ({ key: SortOf<D>; sortable: true } | { key: string; sortable?: false });

type Versioned = { id: number; version?: number };

export interface ResourceListPageProps<D extends AnyResource> {
  list: ListController<D>;
  /** Default: the area's `<area>.title`. */
  title?: ReactNode;
  /** Default: the area's `<area>.description`, when it has one. */
  description?: ReactNode;
  columns: ResourceColumn<D>[];
  /** Names a record in confirms, toasts and button labels: `(cv) => cv.key`. Default: the area's. */
  labelOf?: (record: RecordOf<D>) => string;
  /** The search box's label; without it, no search box. */
  searchLabel?: string;
  /** Filter controls after the search box (see FilterSelect). */
  filters?: ReactNode;
  /** Header buttons before Export / New. */
  actions?: ReactNode;
  /** Extra row buttons before Edit / Delete that only read (open, details). */
  rowActions?: (record: RecordOf<D>) => ReactNode;
  /** Extra row buttons that change the record (ban, publish, cancel): shown only to roles that may change the resource. */
  rowChanges?: (record: RecordOf<D>) => ReactNode;
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

/** The page's title and description, else its area's `<area>.title` and `<area>.description`. */
function useAreaTexts(title: ReactNode | undefined, description: ReactNode | undefined) {
  const { area, t } = useAreaLabels();
  const { i18n } = useTranslation();
  if (title !== undefined || !area) return { title: title ?? '', description };
  const own = `${area.name}.description`;
  return {
    title: t(`${area.name}.title`),
    description: description ?? (i18n.exists(own, { ns: area.ns }) ? t(own) : undefined),
  };
}

/** The page's own labelOf, else its area's: one of them names the records. */
export function useLabelOf<R>(given: ((record: R) => string) | undefined, fromArea: ((record: R) => string) | undefined) {
  const labelOf = given ?? fromArea;
  if (!labelOf) throw new Error('Name the records: labelOf on the area (areasOf) or on the page');
  return labelOf;
}

/** The row buttons' texts, asked of i18next once per table and language (see `sentence`). */
function useRowTexts() {
  const { t } = useTranslation('resources');
  return useMemo(
    () => ({
      edit: t('list.edit'),
      editLabel: sentence(t, 'list.editLabel', 'label'),
      delete: t('list.delete'),
      deleteLabel: sentence(t, 'list.deleteLabel', 'label'),
      history: t('recordHistory.button'),
      historyLabel: sentence(t, 'recordHistory.buttonLabel', 'label'),
    }),
    [t],
  );
}

const decide = <R,>(rule: boolean | ((r: R) => boolean) | undefined, record: R, fallback: boolean) =>
  rule === undefined ? fallback : typeof rule === 'function' ? rule(record) : rule;

/** A list page bound to its controller: header (export, new), search and filters, table, pager, row actions. */
export function ResourceListPage<D extends AnyResource>(props: ResourceListPageProps<D>) {
  const {
    list,
    columns,
    searchLabel,
    filters,
    actions,
    rowActions,
    rowChanges,
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
  const labelOf = useLabelOf(props.labelOf, useRecordLabel<D>());
  const labelled = useAreaColumns(columns);
  const { title, description } = useAreaTexts(props.title, props.description);
  // What the admin's roles allow in the resource's scope: the rest is not offered (the note says why).
  const permissions = usePermissions();
  const mayWrite = permissions.can(list.resource.scope, 'write');
  const mayExport = permissions.can(list.resource.scope, 'export');
  const newButton =
    links.hasForm && mayWrite ? (
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

  const texts = useRowTexts();
  const withActions = [...labelled];
  const withHistory = history ?? true;
  const anyRowAction = rowActions || rowChanges || links.hasForm || list.resource.remove || withHistory;
  if (anyRowAction) {
    withActions.push({
      key: 'actions',
      header: <VisuallyHidden>{t('list.actions')}</VisuallyHidden>,
      align: 'right',
      pinned: true,
      render: (record: RecordOf<D> & Versioned) => (
        <RowActions>
          <PendingRowMarker id={record.id} label={labelOf(record)} />
          {rowActions?.(record)}
          {mayWrite && rowChanges?.(record)}
          {withHistory && (
            <HistoryButton
              target={list.resource.target}
              id={record.id}
              label={labelOf(record)}
              record={record}
              text={texts.history}
              ariaLabel={texts.historyLabel(labelOf(record))}
            />
          )}
          {mayWrite && decide(editable, record, links.hasForm) && (
            <ButtonLink as={Link} to={links.edit(record.id)} $size="sm" $variant="ghost" aria-label={texts.editLabel(labelOf(record))}>
              {texts.edit}
            </ButtonLink>
          )}
          {mayWrite && decide(deletable, record, list.resource.remove) && (
            <Button size="sm" variant="ghost" onClick={() => onDelete(record)} aria-label={texts.deleteLabel(labelOf(record))}>
              {texts.delete}
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
          {mayExport && (
            <Button onClick={list.exportCsv} loading={list.isExporting}>
              {t('list.export')}
            </Button>
          )}
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
      before={
        <>
          <ReadOnlyNote scope={list.resource.scope} />
          {before}
        </>
      }
    >
      <PendingRecordIds resource={list.resource}>
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
          selection={bulkActions && mayWrite ? { selected: list.selection.ids, onChange: list.selection.set } : undefined}
          bulkActions={mayWrite ? bulkActions : undefined}
          pageSizeOptions={pageSizeOptions}
        />
      </PendingRecordIds>
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
 * Enum filters of a list from data, with one key convention in the area's strings:
 * `<area>.fields.<name>` (label), `<area>.any.<name>` ("no filter"), `<area>.<labels>.<value>` (options).
 */
export function EnumFilters<D extends AnyResource>({
  list,
  filters,
}: {
  list: ListController<D>;
  filters: readonly (readonly [name: FilterOf<D>, values: readonly string[], labels: string])[];
}) {
  const { area, field, t } = useAreaLabels();
  const prefix = area?.name ?? '';
  return filters.map(([name, values, labels]) => (
    <FilterSelect
      key={name}
      list={list}
      name={name}
      label={field(name)}
      anyLabel={t(`${prefix}.any.${name}`)}
      options={enumOptions(values, (v) => t(`${prefix}.${labels}.${v}`))}
    />
  ));
}
