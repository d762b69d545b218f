/** Thai with Gregorian years (the calendar the user's Buddhist-era setting switches; dateValues.ts `thaiLocale`). */
export const THAI_LOCALE = 'th-TH-u-ca-gregory';
/** Thai with its own (Buddhist-era) calendar. */
export const THAI_BUDDHIST_LOCALE = 'th-TH';
