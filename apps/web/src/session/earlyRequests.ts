import { accountApi } from '@lms/domain';
import { call, createApiClient } from '@lms/entity-pages';

/**
 * Requests the page sends as it starts, before React draws anything (docs/web.md "What the first
 * screen waits for"): the session's check would otherwise go out only once the shell has rendered,
 * and, over HTTP/1.1's six connections, behind the opened page's chunks. Each is kept by method,
 * URL and token, and answers the app's own identical request once.
 */
const sent = new Map<string, Promise<Response>>();

const keyOf = (input: RequestInfo | URL, init?: RequestInit) =>
  [init?.method ?? 'GET', String(input), new Headers(init?.headers).get('Authorization') ?? ''].join(' ');

/**
 * Sends the session's check (`account/userInfo`) now, built by the API client itself (the same
 * URL and headers the AuthProvider's call will have). Its answer waits for that call: this
 * sender's own copy is read and dropped, failures included (the real call handles them).
 */
export function sendSessionCheckEarly(getToken: () => string | null, baseUrl?: string): void {
  const sender = createApiClient({
    getToken,
    ...(baseUrl ? { baseUrl } : {}),
    fetch: (input, init) => {
      const response = fetch(input, init);
      sent.set(keyOf(input, init), response);
      return response.then((answer) => answer.clone());
    },
  });
  call(sender, accountApi.userInfo, { options: { redirectOnUnauthorized: false } }).catch(() => undefined);
}

/** `fetch`, except that a request sent early is answered by that request's response, once. */
export const fetchSentEarly: typeof fetch = (input, init) => {
  const key = keyOf(input, init);
  const early = sent.get(key);
  if (!early) return fetch(input, init);
  sent.delete(key);
  return early;
};
