/** Thai month names, short (a module of its own: the shell's booking words read it without the figures). */

/** Thai month abbreviations, January first (`ม.ค.` … `ธ.ค.`). */
export const THAI_MONTHS_SHORT = [
  'ม.ค.',
  'ก.พ.',
  'มี.ค.',
  'เม.ย.',
  'พ.ค.',
  'มิ.ย.',
  'ก.ค.',
  'ส.ค.',
  'ก.ย.',
  'ต.ค.',
  'พ.ย.',
  'ธ.ค.',
] as const;
