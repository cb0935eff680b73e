import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { focusRing } from './focus';
import { tokens } from './theme';

export interface SwitchProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'children' | 'role'> {
  checked: boolean;
  /** Called with the state asked for; the owner decides (confirm, save) and passes `checked` back. */
  onChange: (next: boolean) => void;
  /** Accessible name, e.g. the flag key. */
  label: string;
  /** Shown next to the track so colour is not the only signal. */
  onText?: string;
  offText?: string;
}

const Root = styled.button<{ $on: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.45rem;
  padding: 0.15rem;
  border: 0;
  background: none;
  font: inherit;
  font-size: 0.8125rem;
  font-weight: 600;
  color: ${({ theme, $on }) => ($on ? theme.colors.success : theme.colors.muted)};
  cursor: pointer;
  border-radius: 999px;
  &:disabled {
    cursor: progress;
    opacity: 0.6;
  }
  ${focusRing}
`;
const Track = styled.span<{ $on: boolean }>`
  position: relative;
  width: 2.25rem;
  height: 1.25rem;
  border-radius: 999px;
  background: ${({ theme, $on }) => ($on ? theme.colors.success : theme.colors.border)};
  transition: background 120ms;
`;
const Thumb = styled.span<{ $on: boolean }>`
  position: absolute;
  top: 0.125rem;
  left: ${({ $on }) => ($on ? '1.125rem' : '0.125rem')};
  width: 1rem;
  height: 1rem;
  border-radius: 50%;
  background: ${tokens.colors.surface};
  transition: left 120ms;
`;

/** An on/off control: role="switch" with aria-checked, named by `label`. */
export function Switch({ checked, onChange, label, onText, offText, ...rest }: SwitchProps) {
  const { t } = useTranslation('ui');
  return (
    <Root type="button" role="switch" aria-checked={checked} aria-label={label} $on={checked} onClick={() => onChange(!checked)} {...rest}>
      <Track $on={checked} aria-hidden="true">
        <Thumb $on={checked} />
      </Track>
      <span aria-hidden="true">{checked ? (onText ?? t('switch.on')) : (offText ?? t('switch.off'))}</span>
    </Root>
  );
}
