import { useEffect } from 'react';

/**
 * Puts the record a detail page is open on in front of the browser's title while the page shows
 * it: three DOs open in three tabs read "DO1001 · รายละเอียดใบส่งสินค้า · LMS", "DO1002 · …"
 * (WCAG 2.4.2). The host names the screen first (its `DocumentTitle`, a layout effect, so before
 * this effect in the same commit); this only adds the record in front of what the host wrote, and
 * takes it off again while the title is still its own. It lives outside the shell's code, with the
 * pages that use it: the staff shell stays within its budget (issue 41).
 */
export function useScreenDetail(value: string | null | undefined): void {
  useEffect(() => {
    if (!value) return;
    const screen = document.title;
    const named = `${value} · ${screen}`;
    document.title = named;
    return () => {
      // A move to another screen has already written that screen's title: left as it is.
      if (document.title === named) document.title = screen;
    };
  }, [value]);
}
