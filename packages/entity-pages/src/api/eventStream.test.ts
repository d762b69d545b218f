import { describe, expect, it } from 'vitest';
import { parseEvents } from './eventStream.ts';

describe('parseEvents', () => {
  it('answers the complete events, skips heartbeats and keeps the unfinished rest', () => {
    const { events, rest } = parseEvents(
      ': connected\n\nevent: booking\ndata: {"a":1}\n\ndata: plain\r\n\r\nevent: position\ndata: {"b"',
    );
    expect(events).toEqual([
      { event: 'booking', data: '{"a":1}' },
      { event: 'message', data: 'plain' },
    ]);
    expect(rest).toBe('event: position\ndata: {"b"');
  });

  it('joins several data lines of one event', () => {
    expect(parseEvents('data: one\ndata: two\n\n').events).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});
