/** One server-sent event: its name (`message` when none is given), its data lines joined, its id if any. */
export interface ServerSentEvent {
  readonly event: string;
  readonly data: string;
  readonly id?: string;
}

/**
 * Splits a server-sent-event text buffer into complete events and the unfinished rest;
 * comments (heartbeats) and blocks without data are skipped as events, but their `id:` still
 * counts: `lastId` is the last id the complete blocks gave (the resume point, `Last-Event-ID`).
 * Every stream reader uses this one.
 */
export function parseEvents(buffer: string): { events: ServerSentEvent[]; rest: string; lastId?: string } {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  let lastId: string | undefined;
  const events = blocks.flatMap((block) => {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      else if (line.startsWith('id:')) id = line.slice(3).trim();
    }
    if (id !== undefined) lastId = id;
    if (data.length === 0) return [];
    return [id === undefined ? { event, data: data.join('\n') } : { event, data: data.join('\n'), id }];
  });
  return lastId === undefined ? { events, rest } : { events, rest, lastId };
}

/**
 * Reads a stream of server-sent events chunk by chunk: each step gives the complete events the
 * chunk finished and the last id its blocks gave (heartbeats included). Ends when the stream does.
 */
export async function* readEvents(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<{ events: ServerSentEvent[]; lastId?: string }> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
    buffer = parsed.rest;
    yield parsed;
  }
}

/**
 * How a page opens a server-sent-event stream; the host adds the bearer token (never in the URL).
 * `lastEventId` resumes a stream after the last event seen (`Last-Event-ID`).
 */
export type OpenEventStream = (
  path: string,
  signal: AbortSignal,
  lastEventId?: string | null,
) => Promise<Response>;

/** Same-origin fetch under `/api`, with `Authorization: Bearer` when `getToken` gives one. */
export function fetchEventStream(getToken?: () => string | null, baseUrl = '/api'): OpenEventStream {
  return (path, signal, lastEventId) => {
    const token = getToken?.();
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    return fetch(`${baseUrl}/${path}`, { headers, signal });
  };
}
