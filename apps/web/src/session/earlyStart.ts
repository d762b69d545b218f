/**
 * The requests a page asked first the last time it was opened, asked again before the app's code
 * has loaded (docs/web.md "What the first screen waits for").
 *
 * This module is an entry of its own (vite.config.ts, `build/earlyStartScript.ts` puts it in
 * index.html's head as an async module script) and imports nothing, so it runs as soon as it is
 * fetched: from the staff app's worker that is about 1 s before the entity chunk has run, which is
 * when the list's first page could otherwise be built (measured at 4× CPU: `npm run bench -- web`).
 * The app (`earlyRequests.ts`) records what its early client sends for the page it opened, and
 * takes the answers started here for its own identical requests: same URL, same token. A page
 * whose request comes out otherwise this time (another branch, a new release's fields) asks anew,
 * and the answer started here goes unused: a read, asked once more.
 */

/** Where the plans are kept; written by `rememberEarly`, read here at the page's start. */
const PLANS_KEY = 'lms-early-requests';
/** Pages remembered (the most recent first), and requests a page. */
const MAX_PAGES = 8;
const MAX_REQUESTS = 4;
/** Longer URLs are neither kept nor asked: a list's first page with its fields is ~400 characters. */
const MAX_URL_LENGTH = 2_000;

interface EarlyPlan {
  readonly page: string;
  readonly urls: readonly string[];
}

interface EarlyPlans {
  /** The storage key of the token the requests carry (the app's `STORAGE_KEYS.authJwt`). */
  readonly tokenKey: string;
  readonly pages: readonly EarlyPlan[];
}

/** The bearer header every API request carries (entity-pages' `createApiClient` writes the same). */
export const bearer = (token: string) => `Bearer ${token}`;

/**
 * The API client's base (entity-pages' `createApiClient`): written here as well, since this file
 * imports nothing; `earlyRequests.test.ts` fails if the two part.
 */
const API_BASE = '/api/';

/** Only the app's own API, read with GET: nothing else is ever replayed from storage. */
const replayable = (url: unknown): url is string =>
  typeof url === 'string' && url.startsWith(API_BASE) && url.length <= MAX_URL_LENGTH;

function readPlans(storage: Storage): EarlyPlans | null {
  try {
    const plans = JSON.parse(storage.getItem(PLANS_KEY) ?? 'null') as EarlyPlans | null;
    if (!plans || typeof plans.tokenKey !== 'string' || !Array.isArray(plans.pages)) return null;
    return plans;
  } catch {
    return null;
  }
}

/**
 * The page's GET requests started before the app asked for them, by URL and bearer header, until
 * the app's own identical request takes the answer: those started here from the last opening's
 * plan, and those the app's early client starts (`earlyRequests.ts`). One store for both, so a
 * request is never on the wire twice.
 */
const started = new Map<string, Promise<Response>>();
const keyOf = (url: string, authorization: string | null) => `${url}\n${authorization ?? ''}`;

/** The answer started for this URL and header, or `send`'s, started now and kept for the app. */
export function startOnce(
  url: string,
  authorization: string | null,
  send: () => Promise<Response>,
): Promise<Response> {
  const key = keyOf(url, authorization);
  let response = started.get(key);
  if (!response) {
    response = send();
    // Never an unhandled rejection: a failure is handed to the app's call that takes it.
    response.catch(() => undefined);
    started.set(key, response);
  }
  return response;
}

/**
 * Starts the requests remembered for `page` with the token stored now. Anything unreadable (no
 * storage, no token, a plan of another shape) starts nothing: the app asks as it would have.
 */
export function startEarly(storage: Storage, page: string, send: typeof fetch): void {
  const plans = readPlans(storage);
  const plan = plans?.pages.find((p) => p?.page === page);
  const token = plans && plan ? storage.getItem(plans.tokenKey) : null;
  if (!plan || !token || !Array.isArray(plan.urls)) return;
  const authorization = bearer(token);
  for (const url of plan.urls.slice(0, MAX_REQUESTS).filter(replayable))
    startOnce(url, authorization, () => send(url, { headers: { Authorization: authorization } }));
}

/** The answer started for this URL and header, once; `undefined` when none was. */
export function takeStarted(url: string, authorization: string | null): Promise<Response> | undefined {
  const key = keyOf(url, authorization);
  const response = started.get(key);
  started.delete(key);
  return response;
}

/**
 * Keeps `urls`, what this opening of `page` asked early, as that page's requests for its next
 * opening (replacing what an earlier opening asked). Best effort: storage that fails keeps nothing,
 * and the page starts as it would have.
 */
export function rememberEarly(
  storage: Storage,
  tokenKey: string,
  page: string,
  urls: readonly string[],
): void {
  try {
    const pages = (readPlans(storage)?.pages ?? []).filter((p) => p?.page !== page);
    const plan: EarlyPlan = { page, urls: urls.filter(replayable).slice(0, MAX_REQUESTS) };
    const next: EarlyPlans = { tokenKey, pages: [plan, ...pages].slice(0, MAX_PAGES) };
    storage.setItem(PLANS_KEY, JSON.stringify(next));
  } catch {
    // A full or refused storage: the next opening asks as it would have.
  }
}

/** Forgets every page's requests (sign-out, or another user signed in). */
export function forgetEarly(storage: () => Storage = () => window.localStorage): void {
  try {
    storage().removeItem(PLANS_KEY);
  } catch {
    // Nothing kept that could be read.
  }
}

try {
  startEarly(window.localStorage, window.location.pathname + window.location.search, (input, init) =>
    fetch(input, init),
  );
} catch {
  // No storage (the browser refuses it): the app shows the cookies message itself.
}
