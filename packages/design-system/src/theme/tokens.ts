/**
 * Design tokens: the raw values. Components never read these directly; they read the CSS
 * variables that `GlobalStyle` declares from them (through `theme`), so a brand palette can
 * be swapped by redeclaring variables.
 */
export const tokens = {
  color: {
    primary: '#1f5fae',
    primaryHover: '#174b8c',
    primaryText: '#ffffff',
    secondary: '#e8eef7',
    secondaryHover: '#d5e0f0',
    secondaryText: '#16365f',
    danger: '#b3261e',
    dangerHover: '#8f1e18',
    success: '#1e7d32',
    warning: '#a15c00',
    text: '#1c1f24',
    textMuted: '#5a6270',
    surface: '#ffffff',
    background: '#f4f6f9',
    border: '#c9d0da',
    focus: '#0b57d0',
    disabledText: '#6b7280',
    disabledBackground: '#e5e7eb',
  },
  space: { 0: '0', 1: '4px', 2: '8px', 3: '12px', 4: '16px', 5: '24px', 6: '32px', 8: '48px' },
  radius: { sm: '4px', md: '8px', lg: '12px', pill: '999px' },
  shadow: {
    sm: '0 1px 2px rgba(16, 24, 40, 0.08)',
    md: '0 4px 12px rgba(16, 24, 40, 0.12)',
    lg: '0 12px 32px rgba(16, 24, 40, 0.18)',
  },
  font: {
    // Roboto covers Latin; Sarabun is loaded with its Thai subset only, so Thai falls through to it.
    family: "'Roboto', 'Sarabun', 'Noto Sans Thai', 'Loma', sans-serif",
    size: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '20px', xxl: '24px' },
    weight: { regular: 400, medium: 500, bold: 700 },
    lineHeight: 1.6,
  },
  size: { inputHeight: '44px', drawerWidth: '240px' },
  motion: { fast: '120ms', normal: '200ms' },
  /**
   * One overlay stack, lowest first. The image viewer opens from a form dialog's image field,
   * so it sits above dialogs; snackbars report on anything, so they sit above everything.
   */
  layer: { topBar: '10', drawer: '100', dialog: '1300', viewer: '1350', snackbar: '1400' },
} as const;

export type Tokens = typeof tokens;
