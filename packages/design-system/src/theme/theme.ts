import { type Tokens, tokens } from './tokens.ts';

type Vars<T> = { readonly [K in keyof T]: T[K] extends object ? Vars<T[K]> : string };

/** `{ color: { primary: 'var(--lms-color-primary)' } … }`: the theme components style with. */
function toVars<T extends object>(value: T, prefix: string): Vars<T> {
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      typeof inner === 'object' ? toVars(inner, `${prefix}-${key}`) : `var(${prefix}-${key})`,
    ]),
  ) as Vars<T>;
}

/** CSS declarations `--lms-color-primary: #1f5fae; …` for `:root`. */
export function cssVariables(value: object = tokens, prefix = '--lms'): string {
  return Object.entries(value)
    .map(([key, inner]) =>
      typeof inner === 'object' ? cssVariables(inner, `${prefix}-${key}`) : `${prefix}-${key}: ${inner};`,
    )
    .join('\n');
}

export const theme = toVars(tokens, '--lms');
export type Theme = Vars<Tokens>;
