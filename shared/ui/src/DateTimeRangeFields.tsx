import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { TextField } from './fields';
import { isoToLocalInput, localInputToIso, timeZoneNote } from './format';
import { tokens } from './theme';

export interface DateTimeFieldProps {
  label: string;
  /** An ISO instant; null or undefined shows an empty field. */
  value: string | null | undefined;
  /** The ISO instant (UTC) picked, or null when the field is emptied. */
  onChange: (iso: string | null) => void;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  name?: string;
  /** Say the time zone under the field (default true; a range says it once for both). */
  showTimeZone?: boolean;
  /** Pick seconds too (step 1 s), for a time only seconds away (a lottery draw); default: minutes. */
  withSeconds?: boolean;
}

/**
 * A datetime-local input in the admin's time zone (said under it) that reads and writes ISO
 * instants in UTC.
 */
export function DateTimeField({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  name,
  showTimeZone = true,
  withSeconds = false,
}: DateTimeFieldProps) {
  useTranslation('ui'); // the zone note follows the language
  const zone = showTimeZone ? timeZoneNote() : null;
  return (
    <TextField
      label={label}
      type="datetime-local"
      name={name}
      required={required}
      {...(withSeconds ? { step: 1 } : {})}
      value={isoToLocalInput(value, withSeconds)}
      onChange={(e) => onChange(localInputToIso(e.target.value) || null)}
      error={error}
      hint={
        zone && hint ? (
          <>
            {hint} {zone}
          </>
        ) : (
          (hint ?? zone)
        )
      }
    />
  );
}

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 0.4rem;
`;
const Legend = styled.legend`
  padding: 0;
  margin-bottom: 0.4rem;
  font-weight: 600;
  font-size: 0.875rem;
`;
/** Side by side, tops aligned (a hint under one field must not push the other down). */
const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: 0.75rem;
  align-items: start;
`;
const ZoneNote = styled.p`
  margin: 0;
  font-size: 0.8125rem;
  color: ${tokens.colors.muted};
`;

/**
 * A start / end pair (publish window, display window) under one legend, in the admin's time
 * zone, said once under the pair.
 * The end-after-start rule belongs to the form's schema, which puts its message on `end.error`.
 */
export function DateTimeRangeFields({ legend, start, end }: { legend: string; start: DateTimeFieldProps; end: DateTimeFieldProps }) {
  useTranslation('ui');
  return (
    <Fieldset>
      <Legend>{legend}</Legend>
      <Pair>
        <DateTimeField {...start} showTimeZone={false} />
        <DateTimeField {...end} showTimeZone={false} />
      </Pair>
      <ZoneNote>{timeZoneNote()}</ZoneNote>
    </Fieldset>
  );
}
