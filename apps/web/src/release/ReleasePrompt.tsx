import { useSnackbar } from '@lms/design-system';
import { useEffect, useRef } from 'react';
import { HOST_TEXT } from '../text.ts';
import { onWaitingRelease } from './staffWorker.ts';

/** How long the offer stays on screen; dismissed or timed out, the release comes when every tab closes. */
const OFFER_MS = 60 * 60 * 1000;

/**
 * Offers a new release of the app once its service worker is installed and waiting: a snackbar
 * whose button reloads onto it. Never taken by itself: the user may be in the middle of a form.
 */
export function ReleasePrompt() {
  const snackbar = useSnackbar();
  // The release already offered: an effect run again (React's strict mode) does not offer it twice.
  const offered = useRef<(() => void) | null>(null);
  useEffect(
    () =>
      onWaitingRelease((apply) => {
        if (!apply || apply === offered.current) return;
        offered.current = apply;
        snackbar.success(HOST_TEXT.newRelease, {
          action: { label: HOST_TEXT.reload, onAction: apply },
          durationMs: OFFER_MS,
        });
      }),
    [snackbar],
  );
  return null;
}
