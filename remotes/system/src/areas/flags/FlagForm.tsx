import styled from 'styled-components';
import { FLAG_KEY_HINT, type ActiveFlag } from '@phoenix/contract';
import { useResourceForm, type FormSchema } from '@phoenix/shell';
import { Alert, Button, Checkbox, ConflictNotice, FormActions, FormStack, Panel, TextArea, TextField, savedAt } from '@phoenix/ui';

/** What the form edits. The key is typed once, at creation (the game looks flags up by key). */
export interface FlagValues {
  key: string;
  description: string;
  enabled: boolean;
  /** Only when editing: sent back so the server can detect a concurrent save. */
  version?: number;
}

export const flagToValues = (flag: ActiveFlag): FlagValues => ({ key: flag.key, description: flag.description, enabled: flag.enabled, version: flag.version });

const KeyLine = styled.p`
  margin: 0;
  font-size: 0.875rem;
  code {
    font-family: ${({ theme }) => theme.monoFont};
    font-weight: 600;
  }
`;

export function FlagForm<Out>({
  mode,
  schema,
  initialValues,
  onSubmit,
  onDone,
}: {
  mode: 'create' | 'edit';
  schema: FormSchema<Out>;
  initialValues: FlagValues;
  /** Sends the validated values; the mutation hook toasts success. */
  onSubmit: (values: Out) => Promise<unknown>;
  /** Back to the list: after a save, or on Cancel. */
  onDone: () => void;
}) {
  const form = useResourceForm({ schema, initialValues, onSubmit, onSuccess: onDone });
  const theirs = form.conflict?.current as ActiveFlag | undefined;
  const submitLabel = mode === 'create' ? 'Create flag' : 'Save changes';

  return (
    <Panel>
      <form onSubmit={form.handleSubmit} noValidate aria-label={submitLabel}>
        <FormStack>
          {form.formError && <Alert>{form.formError}</Alert>}
          {form.conflict && (
            <ConflictNotice title="Someone else saved this flag while you were editing." onReloadTheirs={form.conflict.reloadTheirs} onKeepMine={form.conflict.keepMine}>
              {theirs && (
                <p>{`Their version ${theirs.version}, ${savedAt(theirs)}: ${theirs.enabled ? 'on' : 'off'}, "${theirs.description}".`}</p>
              )}
            </ConflictNotice>
          )}
          {mode === 'create' ? (
            <TextField label="Key" required autoComplete="off" spellCheck={false} hint={FLAG_KEY_HINT} {...form.field('key')} />
          ) : (
            <KeyLine>
              Key: <code>{form.values.key}</code> (fixed: the game looks the flag up by its key)
            </KeyLine>
          )}
          <TextArea label="Description" rows={3} hint="What it switches and who reads it." {...form.field('description')} />
          {mode === 'create' && (
            <Checkbox label="Turn on at once" hint="Leave off to switch it on from the list when the game is ready." {...form.checkbox('enabled')} />
          )}
          <FormActions>
            <Button onClick={onDone}>Cancel</Button>
            <Button type="submit" variant="primary" loading={form.isSubmitting}>
              {submitLabel}
            </Button>
          </FormActions>
        </FormStack>
      </form>
    </Panel>
  );
}
