import { TextField } from '@phoenix/ui';
import { useTranslation, type FieldProps } from '@phoenix/shell';

/** A whole-number input with its range as the hint and as the input's own min/max. */
export function RangeField({ label, range, field }: { label: string; range: readonly [number, number]; field: FieldProps }) {
  const { t } = useTranslation('battle');
  const [min, max] = range;
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      step={1}
      min={min}
      max={max}
      required
      hint={t('gameBalance.range', { min, max })}
      {...field}
    />
  );
}
