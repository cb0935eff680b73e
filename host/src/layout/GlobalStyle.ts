import { createGlobalStyle } from 'styled-components';
// The theme module alone: the lean sign-in page uses this style too and does not load the kit.
import { accentStyle, tokens } from '@phoenix/ui/src/theme';

/** The page's base styles under the theme: the console and the lean sign-in page; the root carries the environment's accent. */
export const GlobalStyle = createGlobalStyle`
  ${({ theme }) => accentStyle(theme)}
  html, body { margin: 0; }
  body {
    font-family: ${tokens.font};
    color: ${tokens.colors.text};
    background: ${tokens.colors.background};
  }
  *:focus-visible { outline: 3px solid ${tokens.colors.focus}; outline-offset: 2px; }
`;
