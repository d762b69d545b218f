import { describe, expect, it } from 'vitest';
import { matchesShortcut, shortcutGroups, shortcutKeys, shortcuts } from './shortcuts.ts';

const key = (
  code: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
) => ({
  code,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('shortcuts', () => {
  it('matches the physical key, so the Thai layout works too', () => {
    // With the Thai layout the N key types "ื", but its code is still KeyN.
    expect(matchesShortcut(key('KeyN'), shortcuts.new, false)).toBe(true);
    expect(matchesShortcut(key('KeyN', { shiftKey: true }), shortcuts.new, false)).toBe(false);
  });

  it('takes Ctrl off a Mac and ⌘ on one, never both', () => {
    expect(matchesShortcut(key('KeyK', { ctrlKey: true }), shortcuts.palette, false)).toBe(true);
    expect(matchesShortcut(key('KeyK', { metaKey: true }), shortcuts.palette, false)).toBe(false);
    expect(matchesShortcut(key('KeyK', { metaKey: true }), shortcuts.palette, true)).toBe(true);
    expect(matchesShortcut(key('KeyK', { ctrlKey: true, metaKey: true }), shortcuts.palette, true)).toBe(
      false,
    );
    expect(matchesShortcut(key('KeyK'), shortcuts.palette, false)).toBe(false);
  });

  it('tells `/` (search) from `?` (help) by Shift, and refuses Alt (browser history)', () => {
    expect(matchesShortcut(key('Slash'), shortcuts.search, false)).toBe(true);
    expect(matchesShortcut(key('Slash', { shiftKey: true }), shortcuts.help, false)).toBe(true);
    expect(matchesShortcut(key('Slash', { shiftKey: true }), shortcuts.search, false)).toBe(false);
    expect(matchesShortcut(key('BracketRight', { altKey: true }), shortcuts.nextPage, false)).toBe(false);
  });

  it('has no two shortcuts on the same keys, and the help lists every one once', () => {
    const combos = Object.values(shortcuts).map((s) => `${s.mod}-${s.shift}-${s.code}`);
    expect(new Set(combos).size).toBe(combos.length);
    const listed = shortcutGroups.flatMap((group) => group.names);
    expect([...listed].sort()).toEqual(Object.keys(shortcuts).sort());
  });

  it('only the palette and save fire in a text field (a plain key is typing there)', () => {
    const inText = Object.entries(shortcuts)
      .filter(([, s]) => s.inTextField)
      .map(([name]) => name);
    expect(inText.sort()).toEqual(['palette', 'save']);
    for (const s of Object.values(shortcuts)) if (s.inTextField) expect(s.mod).toBe(true);
  });

  it('shows the modifier of the platform', () => {
    expect(shortcutKeys(shortcuts.save, false)).toEqual(['Ctrl', 'S']);
    expect(shortcutKeys(shortcuts.save, true)).toEqual(['⌘', 'S']);
    expect(shortcutKeys(shortcuts.help, false)).toEqual(['?']);
  });
});
