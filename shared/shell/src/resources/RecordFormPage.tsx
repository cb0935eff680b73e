import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { AnyResource, RecordOf } from '@phoenix/contract';
import { Button, EmptyState, ErrorState, FormFrame, LoadingBlock, PageBody, PageHeader, Panel, formatDateTime } from '@phoenix/ui';
import { useReadOnlyReason } from './ReadOnlyNote';
import { describeError } from '../api/describeError';
import { useRecordController } from './useRecordController';
import { useRecordForm, type RecordForm, type RecordFormOptions } from './useRecordForm';
import { useNouns } from './useNouns';
import { useRecordLabel } from './area';
import { useLabelOf } from './ResourceListPage';
import { RecordHistoryButton } from './RecordHistory';
import { RecordPendingChanges } from './PendingChanges';
import './translations';

type Versioned = { version: number; updatedAt?: string; updatedBy?: string | null };

export interface RecordFormPageProps<D extends AnyResource, V extends FieldValues> {
  resource: D;
  /** The values of a new record. */
  empty: V;
  /** An existing record as form values (the version is added here). */
  toValues: (record: RecordOf<D>) => V;
  /** Names a record in titles and toasts: `(cv) => cv.key`. Default: the area's. */
  labelOf?: (record: RecordOf<D>) => string;
  /** The fields. `record` is undefined when creating. */
  children: (form: RecordForm<V, RecordOf<D>>, record: RecordOf<D> | undefined) => ReactNode;
  /** A column beside the form (a live preview). */
  aside?: (form: RecordForm<V, RecordOf<D>>) => ReactNode;
  /** Panels below the form for an existing record: outside it, so they stay usable when it is read-only. */
  after?: (record: RecordOf<D>) => ReactNode;
  /** When a record may no longer be edited: the reason (the form shows read-only). */
  readOnly?: (record: RecordOf<D>) => string | null;
  /** Before sending (a confirm for a global effect); false stops without losing anything. */
  beforeSubmit?: RecordFormOptions<V, unknown>['beforeSubmit'];
  /** What their saved record says, in the 409 notice (default: its version, when and who). */
  conflictSummary?: (theirs: RecordOf<D>) => ReactNode;
  /** Page titles; defaults: "New <noun>" / "Edit <noun>". */
  titles?: { create?: string; edit?: (record: RecordOf<D>) => string };
  /** The leave-without-saving button (default "Cancel"): named otherwise where "cancel" is one of the record's own actions. */
  leaveLabel?: string;
}

/** A create / edit page: the record's states, then the form in its frame; back to the list after a save. */
export function RecordFormPage<D extends AnyResource, V extends FieldValues>(props: RecordFormPageProps<D, V>) {
  const { resource, titles } = props;
  const { t } = useTranslation('resources');
  const labelOf = useLabelOf(props.labelOf, useRecordLabel<D>('form'));
  const { noun } = useNouns(resource);
  const controller = useRecordController(resource, labelOf, {
    created: (label) => t('form.created', { label }),
    updated: (label) => t('form.saved', { label }),
  });
  const { mode, status, record, links } = controller;
  const title =
    mode === 'create'
      ? (titles?.create ?? t('form.newTitle', { noun }))
      : record
        ? (titles?.edit?.(record) ?? t('form.editTitle', { noun, label: labelOf(record) }))
        : t('form.editTitleBare', { noun });

  const notFound = (message: string) => (
    <Panel>
      <EmptyState title={t('form.notFound', { noun })} action={<Button onClick={links.backToList}>{t('form.backToList')}</Button>}>
        {message}
      </EmptyState>
    </Panel>
  );
  let content: ReactNode;
  if (status === 'invalidId') content = notFound(t('form.invalidId', { noun }));
  else if (status === 'notFound') content = notFound(t('form.gone', { noun, id: links.id }));
  else if (status === 'error')
    content = <ErrorState title={t('form.loadFailed', { noun })} message={describeError(controller.error)} onRetry={controller.refetch} />;
  else if (status === 'loading') content = <LoadingBlock label={t('form.loading', { noun })} />;
  else content = <RecordFormBody key={record ? (record as { id: number }).id : 'new'} {...props} controller={controller} />;

  return (
    <PageBody>
      <PageHeader
        title={title}
        actions={
          mode === 'edit' &&
          record && <RecordHistoryButton size="md" target={resource.target} id={links.id!} label={labelOf(record)} record={record} />
        }
      />
      {/* A global record's changes waiting for approval or their time (nothing for other resources). */}
      {mode === 'edit' && links.id !== null && <RecordPendingChanges resource={resource} id={links.id} />}
      {content}
      {status === 'ready' && record && props.after?.(record)}
    </PageBody>
  );
}

function RecordFormBody<D extends AnyResource, V extends FieldValues>({
  empty,
  toValues,
  children,
  aside,
  readOnly,
  beforeSubmit,
  resource,
  controller,
  conflictSummary,
  leaveLabel,
}: RecordFormPageProps<D, V> & { controller: ReturnType<typeof useRecordController<D>> }) {
  const { t } = useTranslation('resources');
  const { record, mode, links } = controller;
  const valuesOf = (r: RecordOf<D>) => ({ ...toValues(r), version: (r as Versioned).version }) as V;
  const form = useRecordForm<V, unknown, RecordOf<D>>({
    schema: controller.schema,
    defaultValues: record ? valuesOf(record) : empty,
    onSubmit: controller.save,
    onSuccess: links.backToList,
    fromRecord: valuesOf,
    beforeSubmit,
  });
  const theirs = form.conflict?.current as (RecordOf<D> & Versioned) | undefined;
  const { noun } = useNouns(resource);
  const submitLabel = mode === 'create' ? t('form.create', { noun }) : t('form.save');
  // Roles that may not change it: the fields stay disabled and the note names the roles that may.
  const notAllowed = useReadOnlyReason(resource.scope);
  return (
    <FormFrame
      label={submitLabel}
      onSubmit={form.onSubmit}
      error={form.formError}
      conflict={
        form.conflict && {
          title: t('form.conflict', { noun }),
          details: theirs && (
            <>
              {theirs.updatedAt && (
                <p>{t('form.theirs', { version: theirs.version, at: formatDateTime(theirs.updatedAt), by: theirs.updatedBy ?? '—' })}</p>
              )}
              {conflictSummary?.(theirs)}
            </>
          ),
          onReloadTheirs: form.conflict.reloadTheirs,
          onKeepMine: form.conflict.keepMine,
        }
      }
      submitLabel={submitLabel}
      cancelLabel={leaveLabel ?? t('form.cancel')}
      onCancel={links.backToList}
      submitting={form.isSubmitting}
      readOnly={notAllowed ?? (record && readOnly?.(record))}
      aside={aside?.(form)}
    >
      {children(form, record)}
    </FormFrame>
  );
}
