import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { focusRing } from './focus';
import { tokens } from './theme';

/* Every field: a visible <label>, an optional hint, and an error linked by aria-describedby. */

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  min-width: 0;
`;

/** The required mark is CSS-only: the control's `required` already tells assistive tech. */
const Label = styled.label<{ $required?: boolean }>`
  font-weight: 600;
  font-size: 0.875rem;
  color: ${tokens.colors.text};
  ${({ $required, theme }) => ($required ? `&::after { content: ' *'; color: ${theme.colors.danger}; }` : '')}
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.8125rem;
  color: ${tokens.colors.muted};
`;

/** A field's (or a field group's) error message. */
export const FieldErrorText = styled.p`
  margin: 0;
  font-size: 0.8125rem;
  font-weight: 600;
  color: ${tokens.colors.danger};
`;

const controlCss = css<{ $invalid?: boolean }>`
  font: inherit;
  font-size: 0.9rem;
  color: ${tokens.colors.text};
  background: ${tokens.colors.surface};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${tokens.radius};
  padding: 0.45rem 0.6rem;
  width: 100%;
  box-sizing: border-box;
  &:disabled {
    background: ${tokens.colors.background};
  }
  ${focusRing}
`;

const Input = styled.input<{ $invalid?: boolean }>`
  ${controlCss}
`;
const Area = styled.textarea<{ $invalid?: boolean }>`
  ${controlCss}
  resize: vertical;
  min-height: 6rem;
  font-family: ${tokens.monoFont};
`;
const SelectBox = styled.select<{ $invalid?: boolean }>`
  ${controlCss}
`;

interface FieldChrome {
  label: ReactNode;
  /** Shown under the field, linked with aria-describedby; also sets aria-invalid. */
  error?: string | null;
  hint?: ReactNode;
}

/** ids for the control, its hint and its error, plus the aria attributes that tie them together. */
function useFieldIds(givenId: string | undefined, error: string | null | undefined, hint: ReactNode) {
  const auto = useId();
  const id = givenId ?? `field-${auto}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, aria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } };
}

export interface FormFieldProps extends FieldChrome {
  /** id of the control inside, for the label's htmlFor. */
  htmlFor: string;
  hintId?: string;
  errorId?: string;
  required?: boolean;
  children: ReactNode;
}

/** Label + control + hint + error. Use it directly to wrap a custom control. */
export function FormField({ label, htmlFor, hint, hintId, error, errorId, required, children }: FormFieldProps) {
  return (
    <Field>
      <Label htmlFor={htmlFor} $required={required}>
        {label}
      </Label>
      {children}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <FieldErrorText id={errorId}>{error}</FieldErrorText>}
    </Field>
  );
}

export type TextFieldProps = FieldChrome & InputHTMLAttributes<HTMLInputElement>;

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id: givenId, required, ...rest },
  ref,
) {
  const { id, hintId, errorId, aria } = useFieldIds(givenId, error, hint);
  return (
    <FormField label={label} htmlFor={id} hint={hint} hintId={hintId} error={error} errorId={errorId} required={required}>
      <Input ref={ref} id={id} required={required} $invalid={!!error} {...aria} {...rest} />
    </FormField>
  );
});

/**
 * A one-time code (an authenticator app's digits, a recovery code): the browser may fill it from an
 * SMS or a password manager, and neither capitalises nor spell-checks it.
 */
export const OneTimeCodeField = forwardRef<HTMLInputElement, TextFieldProps>(function OneTimeCodeField(props, ref) {
  return <TextField ref={ref} required autoComplete="one-time-code" autoCapitalize="off" spellCheck={false} {...props} />;
});

export type TextAreaProps = FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>;

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, error, hint, id: givenId, required, ...rest },
  ref,
) {
  const { id, hintId, errorId, aria } = useFieldIds(givenId, error, hint);
  return (
    <FormField label={label} htmlFor={id} hint={hint} hintId={hintId} error={error} errorId={errorId} required={required}>
      <Area ref={ref} id={id} required={required} $invalid={!!error} {...aria} {...rest} />
    </FormField>
  );
});

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectProps = FieldChrome &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly SelectOption[];
    /** Adds a first, empty option with this text ("Any", "Pick a type"). */
    placeholder?: string;
  };

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, error, hint, id: givenId, required, options, placeholder, ...rest },
  ref,
) {
  const { id, hintId, errorId, aria } = useFieldIds(givenId, error, hint);
  return (
    <FormField label={label} htmlFor={id} hint={hint} hintId={hintId} error={error} errorId={errorId} required={required}>
      <SelectBox ref={ref} id={id} required={required} $invalid={!!error} {...aria} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectBox>
    </FormField>
  );
});

const CheckboxRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
`;
const CheckboxLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  font-weight: 600;
  font-size: 0.875rem;
  cursor: pointer;
`;
const CheckboxInput = styled.input`
  width: 1rem;
  height: 1rem;
  margin: 0;
  accent-color: ${tokens.colors.primary};
  ${focusRing}
`;

export type CheckboxProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, error, hint, id: givenId, ...rest }, ref) {
  const { id, hintId, errorId, aria } = useFieldIds(givenId, error, hint);
  return (
    <CheckboxRow>
      <CheckboxLabel htmlFor={id}>
        <CheckboxInput ref={ref} id={id} type="checkbox" {...aria} {...rest} />
        {label}
      </CheckboxLabel>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <FieldErrorText id={errorId}>{error}</FieldErrorText>}
    </CheckboxRow>
  );
});

/** The row of buttons at the end of a form: primary action last, on the right. */
export const FormActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  padding-top: 0.5rem;
  flex-wrap: wrap;
`;

/** Vertical stack of fields with even spacing. */
export const FormStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

/** Lays filters or short fields side by side; wraps on narrow screens. */
export const FieldRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: 0.75rem;
  align-items: end;
`;

/** A list's search and filters on one line: the search grows, each filter keeps ~12rem; wraps on narrow screens. */
export const FilterBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: flex-end;
  & > [role='search'] {
    flex: 1 1 20rem;
  }
  & > :not([role='search']) {
    flex: 0 1 12rem;
  }
`;
