/**
 * Selects files on the first file input under `root`, as the browser's picker would (the input
 * behind a Thai "เลือกไฟล์" button, or an upload field's). Stories call it; no picker opens.
 */
export function pickFiles(root: Element, files: readonly File[]): void {
  const input = root.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
