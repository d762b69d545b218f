/**
 * The customer's appointment page's own entry (issue 41): the server sends the page whole
 * (apps/server/src/customerPage/appointmentPage.ts) and its buttons are HTML forms, so nothing here is
 * needed to read, confirm or move. This adds the page's looks (tokens, fonts, styles) and a busy
 * state: a pressed button says so and a second press does not post twice.
 */
import '@lms/design-system/fonts';
import 'virtual:lms-tokens.css';
import './appointment.css';

for (const form of document.querySelectorAll('form')) {
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
// Back to the page from the browser's cache (back button): the form may be pressed again.
window.addEventListener('pageshow', () => {
  for (const form of document.querySelectorAll('form')) delete form.dataset.busy;
  for (const button of document.querySelectorAll('[aria-busy]')) button.removeAttribute('aria-busy');
});
