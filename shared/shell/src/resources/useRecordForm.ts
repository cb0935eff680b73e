import { useCallback, useRef, useState, type FormEvent } from 'react';
import { get, useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import i18next from 'i18next';
import { ApiRequestError } from '../api/ApiRequestError';
import { describeError } from '../api/describeError';
import { errorText } from '../i18n/errorText';
import { useUnsavedChangesGuard } from '../data/useUnsavedChangesGuard';
import { useAreaLabels } from './area';

export interface FormConflict<R = unknown> {
  /** The record as it is now on the server. */
  current: R;
  /** Drop what I typed, show theirs (with its version). */
  reloadTheirs: () => void;
  /** Keep what I typed, take their version: the next save overwrites theirs on purpose. */
  keepMine: () => void;
}

export interface RecordFormOptions<V extends FieldValues, Out, R = unknown> {
  /** The contract's zod schema (create or update): the same rules as the server. */
  schema: z.ZodType<Out, unknown>;
  /** Read once: remount the form (key=) to start from another record. */
  defaultValues: V;
  /** Sends the validated values; throw an ApiRequestError to fail. */
  onSubmit: (values: Out) => Promise<unknown>;
  /** After a successful save (toast, navigate). Navigation is not blocked then. */
  onSuccess?: (result: unknown) => void;
  /** The server's current record (from a 409) as form values. */
  fromRecord?: (record: R) => V;
  /**
   * After client validation, before sending: e.g. a confirm for a global effect. Resolve false
   * to stop without an error (nothing typed is lost).
   */
  beforeSubmit?: (values: Out) => boolean | Promise<boolean>;
  guardUnsavedChanges?: boolean;
}

export interface FieldProps {
  name: string;
  error: string | undefined;
  onChange: (e: { target: unknown; type?: unknown }) => Promise<boolean | void>;
  onBlur: (e: { target: unknown; type?: unknown }) => Promise<boolean | void>;
  ref: (instance: unknown) => void;
}

export interface RecordForm<V extends FieldValues, R = unknown> {
  /** react-hook-form itself: `control` for useFieldArray / Controller, `watch`, `setValue`… */
  rhf: UseFormReturn<V>;
  /** Props for the kit's TextField / TextArea / Select / Checkbox: `<TextField label="Key" {...form.field('key')} />`. */
  field: (name: Path<V>) => FieldProps;
  /** `field` with its label by convention, the area's `<area>.fields.<name>`: `<TextField required {...form.labelled('title')} />`. */
  labelled: (name: Path<V>) => FieldProps & { label: string };
  /** Like `field`, for a number input: the value travels as a number (empty → NaN, refused by the schema). */
  numberField: (name: Path<V>) => FieldProps;
  /** A custom widget's binding (date range, id list…): the value, its error, and a setter. */
  bind: <T = unknown>(name: Path<V>) => { value: T; error: string | undefined; onChange: (value: T) => void };
  /** The message of any field, nested ones included ('items.2.quantity'). */
  errorOf: (name: string) => string | undefined;
  /** A sentence for the top of the form (validation summary, network error, server failure). */
  formError: string | null;
  conflict: FormConflict<R> | null;
  isSubmitting: boolean;
  isDirty: boolean;
  /** `<form onSubmit={form.onSubmit}>`. */
  onSubmit: (e?: FormEvent) => Promise<void>;
  /** Submits with some fields overridden (a "Turn on" button): they stick only if the save succeeds. */
  submit: (overrides?: Partial<V>) => Promise<void>;
}

const t = (key: string) => i18next.t(key, { ns: 'resources' });

/**
 * A create / edit form on react-hook-form with the contract's zod schema: client validation,
 * server field errors on their fields (nested paths too: per-row errors of a field array), the
 * 409 "reload theirs / keep mine" choice, nothing typed lost on a failed save, and an
 * unsaved-changes warning.
 */
export function useRecordForm<V extends FieldValues, Out, R = unknown>(options: RecordFormOptions<V, Out, R>): RecordForm<V, R> {
  const { schema, onSubmit, onSuccess, beforeSubmit, fromRecord, guardUnsavedChanges = true } = options;
  const labels = useAreaLabels();
  const rhf = useForm<V>({
    defaultValues: options.defaultValues as never,
    resolver: zodResolver(schema as never) as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [conflictRecord, setConflictRecord] = useState<{ current: R } | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const { isDirty, errors } = rhf.formState;
  const guard = useUnsavedChangesGuard(guardUnsavedChanges && isDirty);

  const send = async (values: Out, applied?: Partial<V>) => {
    if (busy.current) return;
    busy.current = true; // no second submit while a confirm is open or a save runs
    try {
      if (beforeSubmit && !(await beforeSubmit(values))) return;
      setFormError(null);
      setConflictRecord(null);
      setSubmitting(true);
      const result = await onSubmit(values);
      // The saved values are the new baseline: not dirty, navigation allowed.
      rhf.reset({ ...rhf.getValues(), ...applied } as V, { keepValues: false });
      guard.allowNavigation();
      onSuccess?.(result);
    } catch (error) {
      // Whatever failed, the typed values are untouched.
      if (error instanceof ApiRequestError && error.isValidation) {
        const other: string[] = [];
        for (const [name, messages] of Object.entries(error.fieldErrors)) {
          if (name === '_form' || name === '') other.push(...messages.map(errorText));
          else rhf.setError(name as Path<V>, { type: 'server', message: messages.map(errorText).join(' ') });
        }
        setFormError([describeError(error), ...other].join(' '));
      } else if (error instanceof ApiRequestError && error.isConflict) {
        setConflictRecord({ current: error.current as R });
      } else {
        setFormError(describeError(error));
      }
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  const invalid = () => setFormError(t('form.invalid'));

  const submit = useCallback(
    async (overrides?: Partial<V>) => {
      const candidate = { ...rhf.getValues(), ...overrides };
      const parsed = schema.safeParse(candidate);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          rhf.setError((issue.path.join('.') || 'root') as Path<V>, { type: 'validate', message: issue.message });
        }
        invalid();
        return;
      }
      await send(parsed.data, overrides);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rhf, schema, onSubmit, beforeSubmit],
  );

  const conflict: FormConflict<R> | null = conflictRecord
    ? {
        current: conflictRecord.current,
        reloadTheirs: () => {
          const theirs = fromRecord ? fromRecord(conflictRecord.current) : (conflictRecord.current as unknown as V);
          rhf.reset(theirs);
          setFormError(null);
          setConflictRecord(null);
        },
        keepMine: () => {
          const version = (conflictRecord.current as { version?: unknown } | null)?.version;
          if (version !== undefined) rhf.setValue('version' as Path<V>, version as never, { shouldDirty: true });
          setConflictRecord(null);
        },
      }
    : null;

  // An array's own error (min rows, no duplicates) sits on the array or, from the resolver, on its root.
  const errorOf = (name: string): string | undefined => {
    const entry = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
    const message = entry?.message ?? entry?.root?.message;
    // Kept in English in the form state; shown in the console's language.
    return message === undefined ? undefined : errorText(message);
  };

  return {
    rhf,
    field: (name) => ({ ...rhf.register(name), error: errorOf(name) }) as FieldProps,
    labelled: (name) => ({ label: labels.field(name), ...rhf.register(name), error: errorOf(name) }) as FieldProps & { label: string },
    numberField: (name) => ({ ...rhf.register(name, { valueAsNumber: true }), error: errorOf(name) }) as FieldProps,
    bind: <T>(name: Path<V>) => ({
      value: rhf.watch(name) as T,
      error: errorOf(name),
      onChange: (value: T) => rhf.setValue(name, value as never, { shouldDirty: true, shouldValidate: rhf.formState.isSubmitted }),
    }),
    errorOf,
    formError,
    conflict,
    isSubmitting,
    isDirty,
    onSubmit: (e) => rhf.handleSubmit((values) => send(values as unknown as Out), invalid)(e),
    submit,
  };
}
