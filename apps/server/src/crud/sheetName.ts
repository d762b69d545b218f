/**
 * A worksheet's name from an entity's title. Excel refuses `* ? : \ / [ ]` and names over 31
 * characters (ExcelJS throws on them), and titles such as "อำเภอ/เขต" carry a slash.
 */
export function sheetName(title: string): string {
  return title.replace(/[*?:\\/[\]]/g, '-').slice(0, 31);
}
