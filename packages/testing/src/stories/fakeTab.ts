import { spyOn } from 'storybook/test';

/**
 * A stand-in for the tab a print button opens in the click (`window.open` is spied on): the story
 * reads what it was pointed at (a PDF's blob URL) and whether it was closed again on a refusal.
 */
export function fakeTab() {
  const tab = { location: { href: '' }, closed: false, close: () => (tab.closed = true) };
  const open = spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
  return { tab, restore: () => open.mockRestore() };
}
