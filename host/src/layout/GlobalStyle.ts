import { createGlobalStyle } from 'styled-components';

/** The page's base styles under the theme: the console and the lean sign-in page. */
export const GlobalStyle = createGlobalStyle`
  html, body { margin: 0; }
  body {
    font-family: ${({ theme }) => theme.font};
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
  }
  *:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;
