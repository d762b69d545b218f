/**
 * Thai runs words together; a Thai word beside an English name does not ("ค้นหา DO Report", not
 * "ค้นหาDO Report"). Every label built from a Thai word and an entity title or field label goes
 * through `phrase`, which joins the parts and puts one space where Thai meets another script.
 */

const THAI = /[\u0E00-\u0E7F]/;
const SPACE = /\s/;

/** Whether a boundary between `left`'s last and `right`'s first character needs a space. */
function needsSpace(left: string, right: string): boolean {
  const end = left.at(-1);
  const start = right[0];
  if (!end || !start || SPACE.test(end) || SPACE.test(start)) return false;
  return THAI.test(end) !== THAI.test(start);
}

export function phrase(...parts: readonly string[]): string {
  let text = '';
  for (const part of parts) {
    if (!part) continue;
    text += needsSpace(text, part) ? ` ${part}` : part;
  }
  return text;
}
