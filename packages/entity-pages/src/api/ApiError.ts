import { LIMITS, MESSAGES } from '@lms/domain';

/** A failed call: the HTTP status and the Thai messages to show (spec §8: errors carry both). */
export class ApiError extends Error {
  /**
   * The request got no answer at all (offline, the server away). Spec §8 still gives it status 400,
   * so this, not the status, tells it from a request the server refused.
   */
  readonly connectionFailed: boolean;

  constructor(
    readonly status: number,
    readonly messages: readonly string[],
    readonly fieldErrors?: Readonly<Record<string, string>>,
    options: { readonly connectionFailed?: boolean } = {},
  ) {
    super(messages.join('\n'));
    this.name = 'ApiError';
    this.connectionFailed = options.connectionFailed ?? false;
  }
}

/** The error of a request that never reached the server: status 400 and 'Could not connect to the server.' (spec §8). */
export function connectionFailure(): ApiError {
  return new ApiError(LIMITS.fetchFailureStatus, [MESSAGES.cannotConnect.text], undefined, {
    connectionFailed: true,
  });
}

/** Whether a call failed for want of a connection rather than by the server's answer. */
export function isConnectionFailure(error: unknown): boolean {
  return error instanceof ApiError && error.connectionFailed;
}
