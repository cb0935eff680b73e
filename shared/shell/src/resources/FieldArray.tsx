import type { ReactNode } from 'react';
import { useFieldArray, type ArrayPath, type FieldArray as RowOf, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, FieldErrorText, tokens } from '@phoenix/ui';
import type { RecordForm } from './useRecordForm';
import './translations';

const Fieldset = styled.fieldset`
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radius};
  padding: 0.75rem 1rem;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  legend {
    font-weight: 600;
    padding: 0 0.25rem;
  }
`;
const Row = styled.div`
  display: flex;
  gap: 0.75rem;
  align-items: flex-end;
  flex-wrap: wrap;
  padding-bottom: 0.75rem;
  border-bottom: 1px dashed ${tokens.colors.border};
  & > :first-child {
    flex: 1 1 auto;
    display: flex;
    gap: 0.75rem;
    flex-wrap: wrap;
  }
`;
export interface FieldArrayProps<V extends FieldValues, N extends ArrayPath<V>> {
  form: RecordForm<V, unknown>;
  /** The array's path: 'items', 'tiers'… Each row's fields are named `${name}.${index}.<field>`. */
  name: N;
  legend: string;
  /** The fields of row `index` (use form.field(`${name}.${index}.x`) so per-row server errors land there). */
  children: (index: number) => ReactNode;
  /** A new row's values. */
  newRow: () => RowOf<V, N>;
  addLabel: string;
  /** What a row is called in its buttons' labels, e.g. (i) => `item ${i + 1}`. */
  rowLabel?: (index: number) => string;
  /** Fewest rows (Remove is disabled below it). */
  min?: number;
  /** After the rows: a running total, a chance summary. */
  footer?: ReactNode;
}

/**
 * Repeatable rows of a form (items and quantities, drop tables, tiers, prizes, wheel segments):
 * add, remove, move up and down; each row's fields carry their own errors, from the schema or
 * from the server ('items.2.quantity'); the array's own error (too few rows, an item twice) on top.
 */
export function FieldArray<V extends FieldValues, N extends ArrayPath<V>>({
  form,
  name,
  legend,
  children,
  newRow,
  addLabel,
  rowLabel,
  min = 0,
  footer,
}: FieldArrayProps<V, N>) {
  const { t } = useTranslation('resources');
  const { fields, append, remove, move } = useFieldArray({ control: form.rhf.control, name });
  const label = rowLabel ?? ((i: number) => t('rows.row', { n: i + 1 }));
  const error = form.errorOf(name);
  return (
    <Fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend>{legend}</legend>
      {error && (
        <FieldErrorText id={`${name}-error`} role="alert">
          {error}
        </FieldErrorText>
      )}
      {fields.map((field, index) => (
        <Row key={field.id} role="group" aria-label={label(index)}>
          <div>{children(index)}</div>
          <div>
            {(
              [
                ['up', () => move(index, index - 1), index === 0],
                ['down', () => move(index, index + 1), index === fields.length - 1],
                ['remove', () => remove(index), fields.length <= min],
              ] as const
            ).map(([action, onClick, disabled]) => (
              <Button
                key={action}
                size="sm"
                variant="ghost"
                onClick={onClick}
                disabled={disabled}
                aria-label={t(`rows.${action}Label`, { row: label(index) })}
              >
                {t(`rows.${action}`)}
              </Button>
            ))}
          </div>
        </Row>
      ))}
      {footer}
      <div>
        <Button onClick={() => append(newRow())}>{addLabel}</Button>
      </div>
    </Fieldset>
  );
}
