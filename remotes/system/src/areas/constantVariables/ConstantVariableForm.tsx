import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { CONSTANT_VALUE_TYPES, type ConstantValueType, type ConstantVariable } from '@phoenix/contract';
import { useResourceForm, type FormSchema } from '@phoenix/shell';
import {
  Alert,
  Button,
  ButtonLink,
  ConflictNotice,
  FormActions,
  FormStack,
  Panel,
  Select,
  TextArea,
  TextField,
  savedAt,
} from '@phoenix/ui';
import { LIST_PATH } from './constantVariablePaths';

/** What the form edits: the value travels as text whatever its type (see valueTypeError). */
export interface ConstantVariableValues {
  key: string;
  type: ConstantValueType | '';
  value: string;
  description: string;
  /** Only when editing: sent back so the server can detect a concurrent save. */
  version?: number;
}

const TYPE_OPTIONS = CONSTANT_VALUE_TYPES.map((t) => ({ value: t, label: t === 'json' ? 'JSON' : t[0].toUpperCase() + t.slice(1) }));
const VALUE_HINTS: Record<ConstantValueType, string> = {
  number: 'A number, e.g. 30 or 0.5.',
  string: 'Any text.',
  boolean: 'true or false.',
  json: 'A JSON document, e.g. {"turns": 30}.',
};

const Pre = styled.pre`
  margin: 0;
  font-family: ${({ theme }) => theme.monoFont};
  font-size: 0.8125rem;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  max-height: 8rem;
  overflow-y: auto;
`;

export function ConstantVariableForm<Out>({
  schema,
  initialValues,
  onSubmit,
  submitLabel,
}: {
  schema: FormSchema<Out>;
  initialValues: ConstantVariableValues;
  /** Sends the validated values; the mutation hook toasts success. */
  onSubmit: (values: Out) => Promise<unknown>;
  submitLabel: string;
}) {
  const navigate = useNavigate();
  const form = useResourceForm({
    schema,
    initialValues,
    onSubmit,
    onSuccess: () => navigate(LIST_PATH),
  });
  const type = form.values.type;
  const theirs = form.conflict?.current as ConstantVariable | undefined;

  return (
    <Panel>
      <form onSubmit={form.handleSubmit} noValidate aria-label={submitLabel}>
        <FormStack>
          {form.formError && <Alert>{form.formError}</Alert>}
          {form.conflict && (
            <ConflictNotice
              title="Someone else saved this variable while you were editing."
              onReloadTheirs={form.conflict.reloadTheirs}
              onKeepMine={form.conflict.keepMine}
            >
              {theirs && (
                <>
                  <p>{`Their version ${theirs.version}, ${savedAt(theirs)}:`}</p>
                  <Pre>{`${theirs.key} (${theirs.type}) = ${theirs.value}`}</Pre>
                </>
              )}
            </ConflictNotice>
          )}
          <TextField label="Key" required autoComplete="off" spellCheck={false} hint="e.g. battle.maxTurns" {...form.field('key')} />
          <Select label="Type" required options={TYPE_OPTIONS} placeholder="Pick a type" {...form.field('type')} />
          {type === 'json' ? (
            <TextArea label="Value" rows={8} spellCheck={false} hint={VALUE_HINTS.json} {...form.field('value')} />
          ) : type === 'boolean' ? (
            <Select label="Value" options={[{ value: 'true', label: 'true' }, { value: 'false', label: 'false' }]} placeholder="Pick a value" {...form.field('value')} />
          ) : (
            <TextField label="Value" spellCheck={false} hint={type ? VALUE_HINTS[type] : undefined} {...form.field('value')} />
          )}
          <TextArea label="Description" rows={3} hint="What it controls and who reads it." {...form.field('description')} />
          <FormActions>
            <ButtonLink as={Link} to={LIST_PATH}>
              Cancel
            </ButtonLink>
            <Button type="submit" variant="primary" loading={form.isSubmitting}>
              {submitLabel}
            </Button>
          </FormActions>
        </FormStack>
      </form>
    </Panel>
  );
}
