import { useSnackbar } from '@lms/design-system';
import { MESSAGES } from '@lms/domain';
import { useState } from 'react';
import { ApiError } from './ApiError.ts';

/** Keeps a PDF's blob URL alive long enough for the new tab's viewer to read it. */
const BLOB_URL_LIFETIME_MS = 60_000;

/**
 * Opens a PDF the server makes in a new tab (the browser's own viewer): the tab is opened in the
 * click itself, since a tab opened after the wait would be blocked as a pop-up, and closed again
 * with the server's Thai refusal in a snackbar when the PDF does not come.
 */
export function usePdfTab() {
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const open = async (load: () => Promise<{ readonly blob: Blob }>) => {
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const { blob } = await load();
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      if (tab) tab.location.href = url;
      else window.open(url, '_blank');
      setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
    } catch (error) {
      tab?.close();
      snackbar.error(error instanceof ApiError ? [...error.messages] : MESSAGES.downloadFailed.text);
    } finally {
      setBusy(false);
    }
  };
  return { busy, open };
}
