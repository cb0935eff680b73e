import { useCallback, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiRequestError, describeError } from '../api/ApiRequestError';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

/**
 * The part of a zod schema the form needs (structural, so the shell does not depend on zod):
 * `constantVariableCreateSchema` from @phoenix/contract fits.
 */
export interface FormSchema<Out> {
  safeParse(
    input: unknown,
  ): { success: true; data: Out } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

export type FormValues = Record<string, unknown>;
export type FieldErrors = Record<string, string>;

export interface ResourceFormOptions<V extends object, Out> {
  schema: FormSchema<Out>;
  /** Read once (like useState): remount the form (key=) to start from another record. */
  initialValues: V;
  /** Sends the validated values; throw (an ApiRequestError) to fail. */
  onSubmit: (values: Out) => Promise<unknown>;
  /** After a successful save, with onSubmit's result: toast, navigate. Navigation is not blocked. */
  onSuccess?: (result: unknown) => void;
  /** Turns the server's current record (from a 409) into form values. Default: the form's own keys. */
  fromRecord?: (record: unknown) => V;
  /** Warn before leaving with unsaved changes (default true). */
  guardUnsavedChanges?: boolean;
  /**
   * After client validation, before sending: e.g. a confirm for a global effect. Resolve false
   * to stop without an error (nothing typed is lost).
   */
  beforeSubmit?: (values: Out) => boolean | Promise<boolean>;
}

export interface FormConflict {
  /** The record as it is now on the server. */
  current: unknown;
  /** Drop what I typed, show theirs (with its version). */
  reloadTheirs: () => void;
  /** Keep what I typed, take their version: the next save overwrites theirs on purpose. */
  keepMine: () => void;
}

export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
}

export interface ResourceForm<V extends object> {
  values: V;
  /** Field name → message; from the client schema or the server's 400 fieldErrors. */
  errors: FieldErrors;
  /** A sentence for the top of the form (validation summary, network error, 500, conflict). */
  formError: string | null;
  conflict: FormConflict | null;
  isSubmitting: boolean;
  isDirty: boolean;
  setValue: <K extends keyof V>(name: K, value: V[K]) => void;
  setValues: (values: V) => void;
  /** Props for TextField / TextArea / Select: `<TextField label="Key" {...form.field('key')} />`. */
  field: (name: keyof V & string) => FieldBinding;
  /** Props for Checkbox. */
  checkbox: (name: keyof V & string) => { name: string; checked: boolean; error: string | undefined; onChange: (e: ChangeEvent<HTMLInputElement>) => void };
  handleSubmit: (e?: FormEvent) => Promise<void>;
  /**
   * Submits the values with some fields overridden (e.g. `{ enabled: true }` for a "Turn on"
   * button next to the form). The overrides become part of the values only if the save succeeds.
   */
  submit: (overrides?: Partial<V>) => Promise<void>;
  /** Back to the given values (default: the last saved ones), not dirty. */
  reset: (values?: V) => void;
}

function issuesToErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_form';
    errors[key] ??= issue.message; // first message per field is enough
  }
  return errors;
}

function pickKeys<V extends object>(template: V, record: unknown): V {
  const source = (record ?? {}) as Record<string, unknown>;
  const out = { ...template } as Record<string, unknown>;
  for (const key of Object.keys(out)) if (key in source) out[key] = source[key];
  return out as unknown as V;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Form state for create/edit pages: client validation with the contract's zod schema, server
 * field errors on the fields (400), conflict handling (409), nothing typed lost on a failed
 * save, and an unsaved-changes warning.
 */
export function useResourceForm<V extends object, Out>(options: ResourceFormOptions<V, Out>): ResourceForm<V> {
  const { schema, onSubmit, onSuccess, beforeSubmit, guardUnsavedChanges = true } = options;
  const [values, setValuesState] = useState<V>(options.initialValues);
  const [baseline, setBaseline] = useState<V>(options.initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflictRecord, setConflictRecord] = useState<{ current: unknown } | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const fromRecordRef = useRef(options.fromRecord);
  fromRecordRef.current = options.fromRecord;
  const templateRef = useRef(options.initialValues);

  const isDirty = useMemo(() => !same(values, baseline), [values, baseline]);
  const guard = useUnsavedChangesGuard(guardUnsavedChanges && isDirty);

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValuesState((v) => ({ ...v, [name]: value }));
    // The admin is fixing it: drop the stale message for this field.
    setErrors((e) => {
      if (!(name in e)) return e;
      const { [name as string]: _dropped, ...rest } = e;
      return rest;
    });
  }, []);

  const toValues = (record: unknown): V => (fromRecordRef.current ? fromRecordRef.current(record) : pickKeys(templateRef.current, record));

  const submitValues = async (overrides?: Partial<V>) => {
    const toSend = overrides ? { ...values, ...overrides } : values;
    if (submittingRef.current) return;
    const parsed = schema.safeParse(toSend);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      setFormError('Some fields are invalid: correct the highlighted fields and save again.');
      return;
    }
    if (beforeSubmit) {
      submittingRef.current = true; // no second submit while a confirm is open
      const go = await Promise.resolve(beforeSubmit(parsed.data)).finally(() => (submittingRef.current = false));
      if (!go) return;
    }
    setErrors({});
    setFormError(null);
    setConflictRecord(null);
    submittingRef.current = true;
    setSubmitting(true);
    try {
      const result = await onSubmit(parsed.data);
      if (overrides) setValuesState((v) => ({ ...v, ...overrides }));
      setBaseline(toSend);
      guard.allowNavigation();
      onSuccess?.(result);
    } catch (error) {
      // Whatever failed, `values` is untouched: nothing typed is lost.
      if (error instanceof ApiRequestError && error.isValidation) {
        const fieldErrors: FieldErrors = {};
        const other: string[] = [];
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          if (field in templateRef.current) fieldErrors[field] = messages.join(' ');
          else other.push(...messages);
        }
        setErrors(fieldErrors);
        setFormError([describeError(error), ...other].join(' '));
      } else if (error instanceof ApiRequestError && error.isConflict) {
        setConflictRecord({ current: error.current });
        setFormError(null);
      } else {
        setFormError(describeError(error));
      }
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  };

  const conflict: FormConflict | null = conflictRecord
    ? {
        current: conflictRecord.current,
        reloadTheirs: () => {
          const theirs = toValues(conflictRecord.current);
          setValuesState(theirs);
          setBaseline(theirs);
          setErrors({});
          setFormError(null);
          setConflictRecord(null);
        },
        keepMine: () => {
          const version = (conflictRecord.current as { version?: unknown } | null)?.version;
          if (version !== undefined) setValuesState((v) => ({ ...v, version }));
          setConflictRecord(null);
        },
      }
    : null;

  return {
    values,
    errors,
    formError,
    conflict,
    isSubmitting,
    isDirty,
    setValue,
    setValues: setValuesState,
    field: (name) => ({
      name,
      value: values[name] === undefined || values[name] === null ? '' : String(values[name]),
      error: errors[name],
      onChange: (e) => setValue(name, e.target.value as V[typeof name]),
    }),
    checkbox: (name) => ({
      name,
      checked: Boolean(values[name]),
      error: errors[name],
      onChange: (e) => setValue(name, e.target.checked as V[typeof name]),
    }),
    handleSubmit: (e) => {
      e?.preventDefault();
      return submitValues();
    },
    submit: (overrides) => submitValues(overrides),
    reset: (next) => {
      const target = next ?? baseline;
      setValuesState(target);
      setBaseline(target);
      setErrors({});
      setFormError(null);
      setConflictRecord(null);
    },
  };
}
