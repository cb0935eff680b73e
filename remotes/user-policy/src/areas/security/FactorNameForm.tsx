import type { FormEvent, ReactNode } from 'react';
import { FACTOR_LABEL_MAX } from '@phoenix/contract';
import { useTranslation } from '@phoenix/shell';
import { Button, FormActions, TextField } from '@phoenix/ui';

/** A factor's name, as every form that names one asks it (adding an app or a passkey, renaming). */
export function FactorLabelField({ value, onChange, error }: { value: string; onChange: (label: string) => void; error?: string }) {
  const { t } = useTranslation('userPolicy');
  return (
    <TextField
      label={t('factors.label')}
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      maxLength={FACTOR_LABEL_MAX}
    />
  );
}

/** The first step of adding a factor: its name, Cancel and the step's button. */
export function FactorNameForm({
  title,
  intro,
  submitText,
  label,
  onLabel,
  error,
  busy,
  onSubmit,
  onCancel,
}: {
  title: string;
  intro?: ReactNode;
  submitText: string;
  label: string;
  onLabel: (label: string) => void;
  error?: string;
  busy: boolean;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('userPolicy');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} aria-label={title}>
      {intro && <p>{intro}</p>}
      <FactorLabelField value={label} onChange={onLabel} error={error} />
      <FormActions>
        <Button onClick={onCancel}>{t('admins.cancel')}</Button>
        <Button type="submit" variant="primary" loading={busy}>
          {submitText}
        </Button>
      </FormActions>
    </form>
  );
}
