/**
 * The customer's page's busy state (issue 41): a pressed button says so, and a second press does
 * not post twice. The page works without it (its buttons are plain forms); this only guards a
 * double tap on a slow line. Its own module so that the stories run the same code on the page.
 */
export function oneSubmitPerPress(root: Document | ShadowRoot): void {
  for (const form of root.querySelectorAll('form')) {
    form.addEventListener('submit', (event) => {
      if (form.dataset.busy) {
        event.preventDefault();
        return;
      }
      form.dataset.busy = 'true';
      // Marked after the submission took the button's value (a disabled button sends none).
      const button = event.submitter;
      if (button) setTimeout(() => button.setAttribute('aria-busy', 'true'));
    });
  }
}

/** Back to the page from the browser's cache (back button): the form may be pressed again. */
export function pressableAgain(root: Document | ShadowRoot): void {
  for (const form of root.querySelectorAll('form')) delete form.dataset.busy;
  for (const button of root.querySelectorAll('[aria-busy]')) button.removeAttribute('aria-busy');
}
