/** An item is active on its own page and on its sub-pages (`/vehicle/edit` keeps `/vehicle` lit). */
export function isActiveHref(href: string, currentHref: string | undefined): boolean {
  if (!currentHref) return false;
  const path = currentHref.split(/[?#]/)[0] ?? '';
  return path === href || (href !== '/' && path.startsWith(`${href}/`));
}

/**
 * The one menu href to light for a page: the most specific that matches, so a page with its own
 * entry (`/doBooking/calendar`) does not also light the entry of its prefix (`/doBooking`).
 */
export function activeHrefOf(hrefs: readonly string[], currentHref: string | undefined): string | null {
  let best: string | null = null;
  for (const href of hrefs) {
    if (isActiveHref(href, currentHref) && (best === null || href.length > best.length)) best = href;
  }
  return best;
}
