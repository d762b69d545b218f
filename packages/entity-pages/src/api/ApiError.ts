/** A failed call: the HTTP status and the Thai messages to show (spec §8: errors carry both). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: readonly string[],
    readonly fieldErrors?: Readonly<Record<string, string>>,
  ) {
    super(messages.join('\n'));
    this.name = 'ApiError';
  }
}
