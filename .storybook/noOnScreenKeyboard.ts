/**
 * The stories run in desktop Chromium, where no on-screen keyboard ever opens. react-aria guesses
 * one whenever the page gets 100 px shorter soon after a text field's focus — and in the stories
 * the page changes size only because a story asks for a phone's viewport. Once it has guessed,
 * react-aria keeps the guess for the life of the page and reveals every modal and popover up to
 * 600 ms late; with the story files sharing one iframe, one phone story made later files' "is
 * visible" checks fail (docs/performance.md, "One iframe for every story file"). This plugin,
 * for the stories only, sets that threshold out of reach. It fails the run if react-aria's source
 * no longer has the line it changes, so an upgrade cannot silently bring the guess back.
 */
const KEYBOARD_MODULE = /\/react-aria\/dist\/private\/utils\/keyboard\.m?js$/;
const THRESHOLD = /(\$var\$KEYBOARD_HEIGHT\s*=\s*)100\b/;

export function noOnScreenKeyboard() {
  return {
    name: 'lms:no-on-screen-keyboard',
    transform(code: string, id: string) {
      if (!KEYBOARD_MODULE.test(id.split('?')[0] ?? id)) return null;
      const patched = code.replace(THRESHOLD, '$1Infinity');
      if (patched === code)
        throw new Error(`${id}: react-aria's keyboard threshold (KEYBOARD_HEIGHT = 100) not found`);
      return { code: patched, map: null };
    },
  };
}
