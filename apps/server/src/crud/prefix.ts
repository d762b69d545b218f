import { type RawBuilder, sql } from 'kysely';

/** `%` and `_` typed by a user are searched for, not used as wildcards. */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every spelling of a term in upper and lower case: `do` → do, dO, Do, DO. */
export function caseVariants(term: string): string[] {
  return [...term].reduce<string[]>(
    (spellings, char) => {
      const forms = [...new Set([char.toLowerCase(), char.toUpperCase()])];
      return spellings.flatMap((head) => forms.map((form) => head + form));
    },
    [''],
  );
}

/** The first string after every string that starts with `prefix`, in code point order. */
const nextString = (prefix: string) => {
  const last = [...prefix].at(-1)!;
  return prefix.slice(0, -last.length) + String.fromCodePoint(last.codePointAt(0)! + 1);
};

/**
 * `key` starts with `spelling` (case as given), as a range the key's btree reads (`>= 'DO' and
 * < 'DP'`): PostgreSQL turns `like 'DO%'` into one only for the "C" collation, and the database's
 * C.UTF-8 sorts by code point too, which the range relies on (the `like` keeps the answer exact
 * under any collation; one that sorts otherwise could only miss some keys, never add wrong ones).
 */
export const startsWith = (key: RawBuilder<unknown>, spelling: string) =>
  sql<boolean>`(${key} >= ${spelling} and ${key} < ${nextString(spelling)} and ${key} like ${`${escapeLike(spelling)}%`})`;
