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

  it('gives each event its id and the last id of the complete blocks, heartbeats with an id included', () => {
    const parsed = parseEvents(
      'id: e-1\nevent: booking\ndata: {}\n\n: heartbeat\nid: e-4\n\nid: e-5\nevent: booking\ndata: {',
    );
    expect(parsed.events).toEqual([{ event: 'booking', data: '{}', id: 'e-1' }]);
    expect(parsed.lastId).toBe('e-4');
    expect(parseEvents(': heartbeat\n\n').lastId).toBeUndefined();
  });
});
