import { createGlobalStyle } from 'styled-components';
import { cssVariables } from './theme.ts';
import './fonts.ts';

export const GlobalStyle = createGlobalStyle`
  :root {
    ${cssVariables()}
  }
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; }
  body {
    font-family: var(--lms-font-family);
    font-size: var(--lms-font-size-md);
    line-height: var(--lms-font-lineHeight);
    color: var(--lms-color-text);
    background: var(--lms-color-background);
    -webkit-font-smoothing: antialiased;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0s !important; transition-duration: 0s !important; }
  }
`;
