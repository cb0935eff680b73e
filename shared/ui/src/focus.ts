import { css } from 'styled-components';
import { tokens } from './theme';

/** Visible keyboard focus on every interactive piece of the kit (mouse clicks stay quiet). */
export const focusRing = css`
  &:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 2px;
  }
`;

/** Hidden from sight, still read by screen readers. */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;
