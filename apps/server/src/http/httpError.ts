/**
 * A failure the client may see: status and Thai messages, plus per-field errors for 422. Its own
 * module without imports, so a worker thread (the import's sheet reader) can throw one without
 * loading the domain.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly messages: readonly string[],
    readonly errors?: Readonly<Record<string, string>>,
  ) {
    super(messages.join('\n'));
  }
}
