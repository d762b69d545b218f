import { type RawBuilder, sql } from 'kysely';

/** `%` and `_` typed by a user are searched for, not used as wildcards. */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

const formsOf = (char: string) => [...new Set([char.toLowerCase(), char.toUpperCase()])];

/**
 * Every spelling of a term in upper and lower case (`do` → do, dO, Do, DO), or undefined when
 * there would be more than `max`. They double with each cased letter: counted before one is
 * built, since 30 letters are a billion spellings (a request that took the server down).
 */
export function caseVariants(term: string, max: number): string[] | undefined {
  const chars = [...term];
  let count = 1;
  for (const char of chars) {
    count *= formsOf(char).length;
    if (count > max) return undefined;
  }
  return chars.reduce<string[]>(
    (spellings, char) => spellings.flatMap((head) => formsOf(char).map((form) => head + form)),
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
