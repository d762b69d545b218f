import { accountApi, STORAGE_KEYS } from '@lms/domain';
import { type ApiClient, call, createApiClient } from '@lms/entity-pages';
import { rememberEarly, startOnce, takeStarted } from './earlyStart.ts';

/**
 * Requests the page sends as it starts, before React draws anything (docs/web.md "What the first
 * screen waits for"): the session's check would otherwise go out only once the shell has rendered,
 * and, over HTTP/1.1's six connections, behind the opened page's chunks. Each is kept by URL and
 * token in `earlyStart.ts`'s store, with those that script started, and answers the app's own
 * identical request once.
 */
const authorizationOf = (init?: RequestInit) => new Headers(init?.headers).get('Authorization');

/** The page this start opened, and what it asked early: kept for that page's next start. */
const startPage = typeof window === 'undefined' ? null : window.location.pathname + window.location.search;
const askedAtStart: string[] = [];

function remember(url: string): void {
  if (startPage === null) return;
  askedAtStart.push(url);
  rememberEarly(window.localStorage, STORAGE_KEYS.authJwt, startPage, askedAtStart);
}

/**
 * An API client whose requests are kept for the app's identical ones: built by the API client
 * itself, so the URL and headers are the ones the AuthProvider's call will have. Its own answers
 * are read and dropped, failures included (the real call handles them). A request `earlyStart.ts`
 * already started, from what this page asked last time, is not sent again.
 */
function earlyClient(getToken: () => string | null, baseUrl?: string): ApiClient {
  return createApiClient({
    getToken,
    ...(baseUrl ? { baseUrl } : {}),
    fetch: (input, init) => {
      const url = String(input);
      const response = startOnce(url, authorizationOf(init), () => fetch(input, init));
      remember(url);
      return response.then((answer) => answer.clone());
    },
  });
}

/** Sends `request` now through the early client; what it answers waits for the app's own call. */
export function sendEarly(
  getToken: () => string | null,
  request: (api: ApiClient) => Promise<unknown>,
  baseUrl?: string,
): Promise<unknown> {
  try {
    return request(earlyClient(getToken, baseUrl)).catch(() => undefined);
  } catch {
    // A request that cannot be built (a list without its branch): the page asks as it would.
    return Promise.resolve();
  }
}

/** Sends the session's check (`account/userInfo`) now. */
export function sendSessionCheckEarly(getToken: () => string | null, baseUrl?: string): void {
  sendEarly(
    getToken,
    (api) => call(api, accountApi.userInfo, { options: { redirectOnUnauthorized: false } }),
    baseUrl,
  );
}

/** `fetch`, except that a GET started early is answered by that request's response, once. */
export const fetchSentEarly: typeof fetch = (input, init) => {
  if ((init?.method ?? 'GET') !== 'GET') return fetch(input, init);
  return takeStarted(String(input), authorizationOf(init)) ?? fetch(input, init);
};
