import { CONSOLE_ROLES, type ConsoleRole } from '@phoenix/contract';
import { roleNames, useTranslation } from '@phoenix/shell';
import { Checkbox, FieldErrorText } from '@phoenix/ui';
import styled from 'styled-components';

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0.75rem 0 0;
  padding: 0;
  min-width: 0;
  legend {
    font-weight: 600;
    font-size: 0.875rem;
    margin-bottom: 0.25rem;
  }
`;

/** The console roles of an account (one or more), as checkboxes under one legend. */
export function ConsoleRolesField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: readonly ConsoleRole[];
  onChange: (roles: ConsoleRole[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('userPolicy');
  const toggle = (role: ConsoleRole, on: boolean) => onChange(CONSOLE_ROLES.filter((r) => (r === role ? on : value.includes(r))));
  return (
    <Fieldset aria-describedby="console-roles-hint" disabled={disabled}>
      <legend>{t('admins.fields.roles')}</legend>
      <p id="console-roles-hint">{t('admins.rolesHint')}</p>
      {CONSOLE_ROLES.map((role) => (
        <Checkbox key={role} label={roleNames([role])} checked={value.includes(role)} onChange={(e) => toggle(role, e.target.checked)} />
      ))}
      {error && <FieldErrorText role="alert">{error}</FieldErrorText>}
    </Fieldset>
  );
}
