import { useEffect, useRef, type MutableRefObject, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { AnyDocument, RecordOf } from '@phoenix/contract';
import { Alert, ErrorState, FormFrame, LoadingBlock, PageBody, PageHeader, formatDateTime } from '@phoenix/ui';
import { PendingChanges } from './PendingChanges';
import { useReadOnlyReason } from './ReadOnlyNote';
import { describeError } from '../api/describeError';
import { useToast } from '../toasts/useToast';
import { useConfirm, type ConfirmOptions } from '../modals/useConfirm';
import { confirmedScope, useFixedScope } from '../api/useChangeControlMode';
import { DocumentHistory } from './DocumentHistory';
import { useDocumentController, type DocumentController } from './useDocumentController';
import { useRecordForm, type RecordForm } from './useRecordForm';
import { useNouns } from './useNouns';
import './translations';

type Versioned = { version: number; updatedAt?: string; updatedBy?: string | null };

export interface DocumentPageProps<D extends AnyDocument, V extends FieldValues> {
  document: D;
  title: string;
  description?: string;
  /** The document as form values (its version is added here). */
  toValues: (doc: RecordOf<D>) => V;
  /** The fields. */
  children: (form: RecordForm<V, RecordOf<D>>, doc: RecordOf<D>) => ReactNode;
  /** Above the form: the state players live with now (a status panel with its own switch). */
  header?: (doc: RecordOf<D>, form: RecordForm<V, RecordOf<D>>) => ReactNode;
  /**
   * After client validation, before sending (a confirm naming a global effect). Ask it with
   * `confirmSave`: in a "confirm" environment it also asks the document's scope typed and the save
   * carries it, so the server's 428 does not open a second dialog.
   */
  beforeSubmit?: (
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- receives the parsed update body, whose type the page does not name
    values: any,
    doc: RecordOf<D>,
    isDirty: boolean,
    confirmSave: (options: ConfirmOptions) => Promise<boolean>,
  ) => boolean | Promise<boolean>;
  /** The success toast, from the document before and after. */
  savedMessage?: (before: RecordOf<D>, after: RecordOf<D>) => string;
}

/**
 * A versioned singleton document edited as one form (maintenance, game balance…): its state,
 * the form (409 reload theirs / keep mine, nothing typed lost), and its history with restore.
 */
export function DocumentPage<D extends AnyDocument, V extends FieldValues>(props: DocumentPageProps<D, V>) {
  const { document, title, description } = props;
  const { t } = useTranslation('resources');
  // The scope typed in this save's confirm (confirmSave), sent with it; cleared before each save.
  const typedScope = useRef<string | undefined>(undefined);
  // The form says what a save did, and shows failures itself.
  const controller = useDocumentController(document, {
    toastErrors: false,
    savedMessage: null,
    saveHeaders: () => confirmedScope(typedScope.current)?.headers,
  });
  const { noun } = useNouns(document);
  let content: ReactNode;
  if (controller.data) content = <DocumentForm {...props} controller={controller} doc={controller.data} typedScope={typedScope} />;
  else if (controller.error)
    content = <ErrorState title={t('form.loadFailed', { noun })} message={describeError(controller.error)} onRetry={controller.refetch} />;
  else content = <LoadingBlock label={t('form.loading', { noun })} />;
  return (
    <PageBody>
      <PageHeader title={title} description={description} />
      <PendingChanges path={document.path} service={document.api === 'points' ? 'points' : 'bff'} />
      {content}
      {controller.data && <DocumentHistory controller={controller} />}
    </PageBody>
  );
}

function DocumentForm<D extends AnyDocument, V extends FieldValues>({
  document,
  toValues,
  children,
  header,
  beforeSubmit,
  savedMessage,
  controller,
  doc,
  typedScope,
}: DocumentPageProps<D, V> & { controller: DocumentController<D>; doc: RecordOf<D>; typedScope: MutableRefObject<string | undefined> }) {
  const { t } = useTranslation('resources');
  const toast = useToast();
  const confirm = useConfirm();
  const saveScope = useFixedScope(document.api, 'PUT', document.path);
  const confirmSave = async (options: ConfirmOptions) => {
    const ok = await confirm({ ...options, typedScope: saveScope });
    if (ok) typedScope.current = saveScope;
    return ok;
  };
  const { noun } = useNouns(document);
  const valuesOf = (d: RecordOf<D>) => ({ ...toValues(d), version: (d as Versioned).version }) as V;
  const form: RecordForm<V, RecordOf<D>> = useRecordForm<V, unknown, RecordOf<D>>({
    schema: document.schemas.update,
    defaultValues: valuesOf(doc),
    fromRecord: valuesOf,
    beforeSubmit:
      beforeSubmit &&
      ((values) => {
        typedScope.current = undefined;
        return beforeSubmit(values, doc, form.isDirty, confirmSave);
      }),
    onSubmit: async (values) => {
      const saved = await controller.save.mutateAsync(values as never);
      toast.success(savedMessage ? savedMessage(doc, saved) : t('form.saved', { label: noun }));
      return saved;
    },
    // Stay on the page, with the saved document (and its new version) as the starting point.
    onSuccess: (saved) => form.rhf.reset(valuesOf(saved as RecordOf<D>)),
  });
  // A new version saved elsewhere on the page (a restore from the history, a refetch): an
  // untouched form follows it; a form with edits keeps them and meets the 409 on save.
  const docVersion = (doc as Versioned).version;
  useEffect(() => {
    if (!form.rhf.formState.isDirty && (form.rhf.getValues() as { version?: number }).version !== docVersion) form.rhf.reset(valuesOf(doc));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the document's version changes
  }, [docVersion]);
  const theirs = form.conflict?.current as (RecordOf<D> & Versioned) | undefined;
  // Roles that may not change it: the note names the roles that may, on top; the page's own
  // controls (a switch in its header) and the fields stay disabled.
  const notAllowed = useReadOnlyReason(document.scope);
  return (
    <>
      {notAllowed ? (
        <>
          <Alert tone="warning">{notAllowed}</Alert>
          <fieldset disabled style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            {header?.(doc, form)}
          </fieldset>
        </>
      ) : (
        header?.(doc, form)
      )}
      <FormFrame
        label={noun}
        onSubmit={form.onSubmit}
        error={form.formError}
        conflict={
          form.conflict && {
            title: t('form.conflict', { noun }),
            details: theirs?.updatedAt ? (
              <p>{t('form.theirs', { version: theirs.version, at: formatDateTime(theirs.updatedAt), by: theirs.updatedBy ?? '—' })}</p>
            ) : null,
            onReloadTheirs: form.conflict.reloadTheirs,
            onKeepMine: form.conflict.keepMine,
          }
        }
        submitLabel={t('form.save')}
        cancelLabel={t('form.discard')}
        onCancel={() => form.rhf.reset()}
        submitting={form.isSubmitting}
        readOnly={notAllowed ? true : undefined}
      >
        {children(form, doc)}
      </FormFrame>
    </>
  );
}
