/**
 * The fonts, by subset (fontsource ships each script's glyphs as its own file with its
 * `unicode-range`, so a page downloads only the subsets its text uses): Latin from Roboto, Thai
 * from Sarabun, at the three weights the app draws with.
 */
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import '@fontsource/sarabun/thai-400.css';
import '@fontsource/sarabun/thai-500.css';
import '@fontsource/sarabun/thai-700.css';
