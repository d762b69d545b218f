export { GlobalStyle } from './GlobalStyle.ts';
export { wrappingList } from './listStyles.ts';
export { ThemeProvider } from './ThemeProvider.tsx';
export { cssVariables, type Theme, theme } from './theme.ts';
export { type Tokens, tokens } from './tokens.ts';
