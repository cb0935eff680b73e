import type { ReactNode } from 'react';
import styled from 'styled-components';
import { TextField } from './fields';
import { isoToLocalInput, localInputToIso } from './format';

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
}

/** A datetime-local input that shows the admin's local time and reads and writes ISO instants. */
export function DateTimeField({ label, value, onChange, error, hint, required, name }: DateTimeFieldProps) {
  return (
    <TextField
      label={label}
      type="datetime-local"
      name={name}
      required={required}
      value={isoToLocalInput(value)}
      onChange={(e) => onChange(localInputToIso(e.target.value) || null)}
      error={error}
      hint={hint}
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
  color: ${({ theme }) => theme.colors.muted};
`;

function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'your local time zone';
  } catch {
    return 'your local time zone';
  }
}

/**
 * A start / end pair (publish window, display window) under one legend, in local time.
 * The end-after-start rule belongs to the form's schema, which puts its message on `end.error`.
 */
export function DateTimeRangeFields({ legend, start, end }: { legend: string; start: DateTimeFieldProps; end: DateTimeFieldProps }) {
  return (
    <Fieldset>
      <Legend>{legend}</Legend>
      <Pair>
        <DateTimeField {...start} />
        <DateTimeField {...end} />
      </Pair>
      <ZoneNote>{`Times are in your time zone (${localTimeZone()}).`}</ZoneNote>
    </Fieldset>
  );
}
