import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { focusRing, visuallyHidden } from './focus';
import { tokens } from './theme';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

/**
 * What each variant looks like. Variant and size reach the CSS as data attributes (see `buttonAttrs`),
 * not as functions in the template: a template of constants is static, so styled-components builds its
 * class once instead of running, flattening and hashing it on every render of every button (a page of
 * 20 rows renders 40 and more).
 */
const variantRules = (
  Object.entries({
    primary: { bg: tokens.colors.primary, fg: tokens.colors.primaryText, border: tokens.colors.primary },
    danger: { bg: tokens.colors.danger, fg: '#ffffff', border: tokens.colors.danger },
    secondary: { bg: tokens.colors.surface, fg: tokens.colors.text, border: tokens.colors.border },
    ghost: { bg: 'transparent', fg: tokens.colors.primary, border: 'transparent' },
  }) as [ButtonVariant, { bg: string; fg: string; border: string }][]
)
  .map(([variant, c]) => `&[data-variant='${variant}'] { border-color: ${c.border}; background: ${c.bg}; color: ${c.fg}; }`)
  .join('\n');

/**
 * Button look as a css block, so a router link can look like a button:
 * `<ButtonLink as={Link} to="/admin/x/create">New</ButtonLink>`. Use it with `buttonAttrs`.
 */
export const buttonCss = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.4rem;
  font: inherit;
  font-weight: 600;
  font-size: 0.875rem;
  line-height: 1.2;
  padding: 0.5rem 0.9rem;
  border-radius: ${tokens.radius};
  border: 1px solid ${tokens.colors.border};
  background: ${tokens.colors.surface};
  color: ${tokens.colors.text};
  ${variantRules}
  &[data-size='sm'] {
    font-size: 0.8125rem;
    padding: 0.3rem 0.6rem;
  }
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

interface ButtonLookProps {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
}
/**
 * `$variant` and `$size` as the data attributes `buttonCss` selects on (typed as no props: styled-components'
 * attrs type knows no `data-*` keys).
 */
export const buttonAttrs = ({ $variant = 'secondary', $size = 'md' }: ButtonLookProps) =>
  ({ 'data-variant': $variant, 'data-size': $size }) as Record<never, never>;

const StyledButton = styled.button.attrs<ButtonLookProps>(buttonAttrs)`
  ${buttonCss}
`;

/** An anchor styled as a button; pass `as={Link}` for in-app navigation. */
export const ButtonLink = styled.a.attrs<ButtonLookProps>(buttonAttrs)`
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
