/**
 * The customer's appointment page's own entry (issue 41): the server sends the page whole
 * (apps/server/src/customerPage/appointmentPage.ts, its markup `appointmentHtml` in @lms/domain),
 * and its buttons are HTML forms, so nothing here is needed to read, confirm or move. This adds
 * the page's looks (tokens, fonts, styles) and a busy state.
 */
import '@lms/design-system/fonts';
import 'virtual:lms-tokens.css';
import './appointment.css';
import { oneSubmitPerPress, pressableAgain } from './oneSubmitPerPress.ts';

oneSubmitPerPress(document);
window.addEventListener('pageshow', () => pressableAgain(document));
