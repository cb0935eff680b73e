import type { FormEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../Button';
import { Alert, ConflictNotice } from '../feedback';
import { FormActions, FormStack } from '../fields';
import { Panel } from '../layout';

export interface FormFrameProps {
  /** The form's accessible name (usually its submit label). */
  label: string;
  onSubmit: (e: FormEvent) => void;
  /** The sentence at the top: validation summary, network or server failure. */
  error?: string | null;
  /** A 409: who saved what, and the two ways out. */
  conflict?: { title: ReactNode; details?: ReactNode; onReloadTheirs: () => void; onKeepMine: () => void } | null;
  submitLabel: string;
  cancelLabel: string;
  onCancel: () => void;
  submitting?: boolean;
  /** Read-only record: no submit button, the reason on top (`true`: the reason is said elsewhere on the page). */
  readOnly?: ReactNode;
  /** A column beside the form (a preview). */
  aside?: ReactNode;
  /** Extra buttons before Cancel. */
  extraActions?: ReactNode;
  children: ReactNode;
}

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr));
  gap: 1rem;
  align-items: start;
`;

/** Every create / edit form: error summary, conflict notice, the fields, then the actions. */
export function FormFrame(props: FormFrameProps) {
  const { label, onSubmit, error, conflict, submitLabel, cancelLabel, onCancel, submitting, readOnly, aside, extraActions, children } =
    props;
  const form = (
    <Panel>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <FormStack>
          {readOnly && readOnly !== true && <Alert tone="warning">{readOnly}</Alert>}
          {error && <Alert>{error}</Alert>}
          {conflict && (
            <ConflictNotice title={conflict.title} onReloadTheirs={conflict.onReloadTheirs} onKeepMine={conflict.onKeepMine}>
              {conflict.details}
            </ConflictNotice>
          )}
          <fieldset disabled={Boolean(readOnly)} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <FormStack>{children}</FormStack>
          </fieldset>
          <FormActions>
            {extraActions}
            <Button onClick={onCancel}>{cancelLabel}</Button>
            {!readOnly && (
              <Button type="submit" variant="primary" loading={submitting}>
                {submitLabel}
              </Button>
            )}
          </FormActions>
        </FormStack>
      </form>
    </Panel>
  );
  return aside ? (
    <Columns>
      {form}
      {aside}
    </Columns>
  ) : (
    form
  );
}
