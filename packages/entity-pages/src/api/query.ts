/** Query parameters: nulls, undefined and empty lists are dropped by the client (spec §7). */
export type Query = Readonly<
  Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>
>;

/** `?a=1&ids=2&ids=3`, URL-encoded; null and undefined values (and empty lists) are left out. */
export function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    for (const item of [value].flat()) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
