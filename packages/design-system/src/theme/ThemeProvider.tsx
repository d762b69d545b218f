import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria/I18nProvider';
import { ThemeProvider as StyledThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle.ts';
import { THAI_LOCALE } from './locale.ts';
import { theme } from './theme.ts';

/**
 * The theme, global styles, fonts and the locale: wrap the app (and every story) once. react-aria
 * otherwise takes the browser's language for its own words — a multi-select's box said
 * "ส่งครบแล้ว, ส่งได้บางส่วน, and ส่งไม่สำเร็จ" in a browser set to English, and its screen-reader
 * announcements were English. Thai with Gregorian years; the date fields set the user's era themselves.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <I18nProvider locale={THAI_LOCALE}>
      <StyledThemeProvider theme={theme}>
        <GlobalStyle />
        {children}
      </StyledThemeProvider>
    </I18nProvider>
  );
}
