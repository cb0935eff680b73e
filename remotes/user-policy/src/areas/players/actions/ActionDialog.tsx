import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '@phoenix/shell';
import { Alert, Button, Modal } from '@phoenix/ui';
import './playerActionStrings';

/**
 * The frame of an action taken from the player's page: a dialog holding one form, its refusal above
 * the fields, Cancel and the action's button in the footer. Without `onSubmit` it only explains
 * (nothing to submit) and offers Cancel.
 */
export function ActionDialog({
  formId,
  title,
  submitText,
  tone = 'primary',
  alert = false,
  pending,
  failure,
  onClose,
  onSubmit,
  children,
}: {
  formId: string;
  title: string;
  submitText: string;
  tone?: 'primary' | 'danger';
  /** An action that cannot be undone (ending a battle): announced as an alert dialog. */
  alert?: boolean;
  pending: boolean;
  /** The refusal not about one field: its title (optional) and text. */
  failure?: { title?: string; text: string | null };
  onClose: () => void;
  onSubmit?: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('playerActions');
  return (
    <Modal
      open
      role={alert ? 'alertdialog' : undefined}
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('cancel')}</Button>
          {onSubmit && (
            <Button type="submit" form={formId} variant={tone} loading={pending}>
              {submitText}
            </Button>
          )}
        </>
      }
    >
      {onSubmit ? (
        <form id={formId} noValidate onSubmit={onSubmit}>
          {failure?.text && <Alert title={failure.title}>{failure.text}</Alert>}
          {children}
        </form>
      ) : (
        children
      )}
    </Modal>
  );
}
