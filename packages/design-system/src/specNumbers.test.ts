import { describe, expect, it } from 'vitest';
import { navSaveDebounceMs } from './AppShell/navState.ts';
import { imageFieldHeight } from './ImageField/ImageField.tsx';
import { viewerFadeMs, zoomRange } from './ImageViewer/ImageViewer.tsx';
import { snackbarDefaults } from './Snackbar/snackbarQueue.ts';
import { tooltipEnterDelayMs } from './Tooltip/Tooltip.tsx';
import { tokens } from './theme/tokens.ts';

// The spec §9 numbers the design system owns (the domain's LIMITS keeps the rest): one place
// that fails when a component's value drifts from the spec.
describe('spec §9 numbers of the design system', () => {
  it('keeps snackbar and toast times and stack sizes', () => {
    expect(snackbarDefaults).toEqual({
      limits: { maxSnackbars: 3, maxManySnackbars: 12, maxToasts: 20 },
      durations: {
        snackbar: 5000,
        errorOnce: 6000,
        toastSuccess: 2000,
        toastError: 4000,
        repeatWindow: 2000,
      },
    });
  });

  it('keeps the sizes and the viewer', () => {
    expect(tokens.size).toEqual({ inputHeight: '44px', drawerWidth: '240px' });
    expect(imageFieldHeight).toBe(160);
    expect(viewerFadeMs).toBe(800);
    expect(zoomRange).toEqual({ min: 1, max: 8 });
    expect(navSaveDebounceMs).toBe(1000);
    expect(tooltipEnterDelayMs).toBe(100);
  });
});
