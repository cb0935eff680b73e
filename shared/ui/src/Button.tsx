import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import styled, { css, type DefaultTheme } from 'styled-components';
import { focusRing, visuallyHidden } from './focus';
import { tokens } from './theme';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

function variantColors(theme: DefaultTheme, variant: ButtonVariant) {
  const c = theme.colors;
  switch (variant) {
    case 'primary':
      return { bg: c.primary, fg: c.primaryText, border: c.primary };
    case 'danger':
      return { bg: c.danger, fg: '#ffffff', border: c.danger };
    case 'secondary':
      return { bg: c.surface, fg: c.text, border: c.border };
    case 'ghost':
      return { bg: 'transparent', fg: c.primary, border: 'transparent' };
  }
}

/**
 * Button look as a css block, so a router link can look like a button:
 * `<ButtonLink as={Link} to="/admin/x/create">New</ButtonLink>`.
 */
export const buttonCss = css<{ $variant?: ButtonVariant; $size?: ButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.4rem;
  font: inherit;
  font-weight: 600;
  font-size: ${({ $size }) => ($size === 'sm' ? '0.8125rem' : '0.875rem')};
  line-height: 1.2;
  padding: ${({ $size }) => ($size === 'sm' ? '0.3rem 0.6rem' : '0.5rem 0.9rem')};
  border-radius: ${tokens.radius};
  border: 1px solid ${({ theme, $variant = 'secondary' }) => variantColors(theme, $variant).border};
  background: ${({ theme, $variant = 'secondary' }) => variantColors(theme, $variant).bg};
  color: ${({ theme, $variant = 'secondary' }) => variantColors(theme, $variant).fg};
  text-decoration: none;
  cursor: pointer;
  white-space: nowrap;
  &:hover:not(:disabled) {
    filter: brightness(0.93);
  }
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.55;
    cursor: not-allowed;
  }
  ${focusRing}
`;

const StyledButton = styled.button<{ $variant?: ButtonVariant; $size?: ButtonSize }>`
  ${buttonCss}
`;

/** An anchor styled as a button; pass `as={Link}` for in-app navigation. */
export const ButtonLink = styled.a<{ $variant?: ButtonVariant; $size?: ButtonSize }>`
  ${buttonCss}
`;

const Spinner = styled.span`
  width: 0.85em;
  height: 0.85em;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: phoenix-spin 0.7s linear infinite;
  @keyframes phoenix-spin {
    to {
      transform: rotate(360deg);
    }
  }
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and sets aria-busy: one click, one request. */
  loading?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'secondary', size = 'md', loading = false, disabled, type = 'button', children, ...rest },
  ref,
) {
  return (
    <StyledButton
      ref={ref}
      type={type}
      $variant={variant}
      $size={size}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner aria-hidden="true" />}
      {children}
    </StyledButton>
  );
});

const HiddenLabel = styled.span`
  ${visuallyHidden}
`;

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'aria-label'> {
  /** Required: an icon alone says nothing to a screen reader. Also shown as the tooltip. */
  label: string;
  icon: ReactNode;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, variant = 'ghost', size = 'sm', title, ...rest },
  ref,
) {
  return (
    <Button ref={ref} variant={variant} size={size} title={title ?? label} {...rest}>
      <span aria-hidden="true">{icon}</span>
      <HiddenLabel>{label}</HiddenLabel>
    </Button>
  );
});
