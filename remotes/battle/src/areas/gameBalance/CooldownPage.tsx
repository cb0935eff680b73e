import { COOLDOWN_SECONDS_RANGE, cooldownDocument, type CooldownRow } from '@phoenix/contract';
import { DocumentPage, useTranslation } from '@phoenix/shell';
import { FieldErrorText, FieldRow } from '@phoenix/ui';
import { RangeField } from './RangeField';

/**
 * Cooldown seconds per game action: one row per action (the contract's list, fixed: a new game
 * action comes with a release), edited and saved as one versioned document.
 */
export default function CooldownPage() {
  const { t } = useTranslation('battle');
  return (
    <DocumentPage
      document={cooldownDocument}
      title={t('cooldown.title')}
      description={t('cooldown.description')}
      toValues={({ actions }) => ({ actions: actions.map((row: CooldownRow) => ({ ...row })) })}
      savedMessage={() => t('gameBalance.saved')}
    >
      {(form, doc) => {
        const listError = form.rhf.formState.errors.actions?.message;
        return (
          <>
            {listError && <FieldErrorText role="alert">{listError}</FieldErrorText>}
            <FieldRow>
              {doc.actions.map((row, index) => (
                <RangeField
                  key={row.action}
                  label={t('cooldown.secondsOf', { action: t(`cooldown.actions.${row.action}`) })}
                  range={COOLDOWN_SECONDS_RANGE}
                  field={form.numberField(`actions.${index}.seconds`)}
                />
              ))}
            </FieldRow>
          </>
        );
      }}
    </DocumentPage>
  );
}
