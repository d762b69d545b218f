/** Keeps a PDF's blob URL alive long enough for the new tab's viewer to read it. */
const BLOB_URL_LIFETIME_MS = 60_000;

/**
 * Opens a PDF the server makes in a new tab, the browser's own viewer. Call it in the click itself:
 * the tab is opened at once (one opened after the wait would be blocked as a pop-up) and given the
 * PDF when it arrives; a failure closes it and is thrown to the caller.
 */
export async function openPdfTab(load: () => Promise<Blob>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await load();
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
