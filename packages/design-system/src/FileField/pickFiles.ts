import { fireEvent } from 'storybook/test';

/** Story helper: selects files on a field's hidden input as the browser's picker would. */
export function pickFiles(root: HTMLElement, files: File[]) {
  const input = root.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  fireEvent.change(input);
}
