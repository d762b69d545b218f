/** One server-sent event: its name (`message` when none is given) and its data lines joined. */
export interface ServerSentEvent {
  readonly event: string;
  readonly data: string;
}

/**
 * Splits a server-sent-event text buffer into complete events and the unfinished rest;
 * comments (heartbeats) and blocks without data are skipped. Every stream reader uses this one.
 */
export function parseEvents(buffer: string): { events: ServerSentEvent[]; rest: string } {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    return data.length > 0 ? [{ event, data: data.join('\n') }] : [];
  });
  return { events, rest };
}
