import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@phoenix/shell';
import { Alert, Button, FormActions, Modal, TextArea, TextField } from '@phoenix/ui';

export interface TypedConfirmValues {
  reason: string;
}

/**
 * The confirm of a global operation: it says what will be touched, and the admin must type
 * `expected` (the count it names) before the danger button works; a reason is asked too.
 * `notice` (e.g. "the count changed") is shown first; a new `expected` clears what was typed, so
 * a changed count is confirmed by typing it again. `scope` (a "confirm" environment): the
 * operation's scope is typed here too, so the server's own confirm (a 428) does not follow.
 */
export function TypedConfirmDialog({
  title,
  body,
  expected,
  typeLabel,
  okText,
  defaultReason,
  busy,
  notice,
  scope,
  onConfirm,
  onClose,
}: {
  title: string;
  body: ReactNode;
  expected: string;
  typeLabel: string;
  okText: string;
  defaultReason: string;
  busy: boolean;
  notice?: ReactNode;
  scope?: string;
  onConfirm: (values: TypedConfirmValues) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('battle');
  const { t: shellT } = useTranslation('shell');
  const formId = useId();
  // What was typed, for the count it was typed against.
  const [entry, setEntry] = useState({ for: expected, typed: '' });
  const typed = entry.for === expected ? entry.typed : '';
  const [reason, setReason] = useState(defaultReason);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [typedScope, setTypedScope] = useState('');
  const matches = typed.trim() === expected && (!scope || typedScope.trim() === scope);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!matches) return;
    if (!reason.trim()) return setReasonError(t('confirm.reasonRequired'));
    onConfirm({ reason: reason.trim() });
  };
  return (
    <Modal
      open
      role="alertdialog"
      title={title}
      onClose={onClose}
      footer={
        <FormActions>
          <Button onClick={onClose}>{t('confirm.cancel')}</Button>
          <Button type="submit" form={formId} variant="danger" disabled={!matches} loading={busy}>
            {okText}
          </Button>
        </FormActions>
      }
    >
      {notice && <Alert tone="warning">{notice}</Alert>}
      {body}
      <form id={formId} noValidate onSubmit={submit}>
        <TextField
          label={typeLabel}
          inputMode="numeric"
          autoComplete="off"
          value={typed}
          onChange={(e) => setEntry({ for: expected, typed: e.target.value })}
          hint={t('confirm.typeHint', { expected })}
        />
        {scope && (
          <TextField
            label={shellT('changeControl.typeScope', { scope })}
            autoComplete="off"
            value={typedScope}
            onChange={(e) => setTypedScope(e.target.value)}
          />
        )}
        <TextArea label={t('confirm.reason')} rows={2} value={reason} error={reasonError} onChange={(e) => setReason(e.target.value)} />
      </form>
    </Modal>
  );
}
