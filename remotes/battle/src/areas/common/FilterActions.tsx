import { useTranslation } from '@phoenix/shell';
import { Button, FormActions } from '@phoenix/ui';

/** A filter panel's Clear and Apply (Apply submits the panel's form). */
export function FilterActions({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation('battle');
  return (
    <FormActions>
      <Button onClick={onClear}>{t('battles.clear')}</Button>
      <Button type="submit" variant="primary">
        {t('battles.apply')}
      </Button>
    </FormActions>
  );
}
