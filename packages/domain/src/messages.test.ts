import { describe, expect, it } from 'vitest';
import {
  extractMessages,
  joinMessages,
  MESSAGES,
  messagesOfError,
  noJsonContentMessage,
  unauthorizedMessages,
} from './messages.ts';

describe('extractMessages', () => {
  it('reads messages, then errors, then error, as array or string', () => {
    expect(extractMessages({ messages: ['ก', 'ข'] }, 400)).toEqual(['ก', 'ข']);
    expect(extractMessages({ messages: 'ก' }, 400)).toEqual(['ก']);
    expect(extractMessages({ errors: ['ค'] }, 400)).toEqual(['ค']);
    expect(extractMessages({ error: 'Bad Request' }, 400)).toEqual(['Bad Request']);
    expect(extractMessages({ messages: ['ก'], error: 'x' }, 400)).toEqual(['ก']);
  });

  it('skips empty fields and reads the field messages of a 422', () => {
    expect(extractMessages({ messages: [], error: 'Conflict' }, 409)).toEqual(['Conflict']);
    expect(extractMessages({ errors: { code: 'รหัสซ้ำ' } }, 422)).toEqual(['รหัสซ้ำ']);
  });

  it("answers 'Unknown error: …' when none is there", () => {
    expect(extractMessages({ status: 500 }, 500)).toEqual(['ข้อผิดพลาดที่ไม่รู้จัก: {"status":500}']);
    expect(extractMessages(42, 500)).toEqual(['ข้อผิดพลาดที่ไม่รู้จัก: 42']);
  });

  it('says the failure had no JSON, with its status', () => {
    expect(extractMessages(undefined, 502)).toEqual([noJsonContentMessage(502)]);
    expect(noJsonContentMessage(502)).toContain('502');
  });

  it('answers the unexpected-error message for a wrong shape', () => {
    expect(extractMessages({ messages: [1, 2] }, 400)).toEqual([MESSAGES.unexpectedShape.text]);
    expect(extractMessages({ error: { code: 1 } }, 400)).toEqual([MESSAGES.unexpectedShape.text]);
  });
});

describe('unauthorized and error messages', () => {
  it('reads a 401 body, else says the session expired', () => {
    expect(unauthorizedMessages({ messages: ['โทเคนหมดอายุ'] })).toEqual(['โทเคนหมดอายุ']);
    expect(unauthorizedMessages(undefined)).toEqual([MESSAGES.sessionExpired.text]);
  });

  it("shows an error's messages, else its message, else 'no detail'", () => {
    expect(messagesOfError({ messages: ['ก'], message: 'ข' })).toEqual(['ก']);
    expect(messagesOfError(new Error('ข'))).toEqual(['ข']);
    expect(messagesOfError({})).toEqual([MESSAGES.noDetail.text]);
    expect(messagesOfError(null)).toEqual([MESSAGES.noDetail.text]);
  });

  it('joins several messages with line breaks', () => {
    expect(joinMessages(['ก', 'ข'])).toBe('ก\nข');
  });
});

describe('the catalogue', () => {
  it('says everything in Thai and keeps the spec wording', () => {
    for (const [key, message] of Object.entries(MESSAGES)) {
      expect(message.text, key).toMatch(/[\u0E00-\u0E7F]/);
    }
    expect(MESSAGES.sessionChanged.specText).toBe('Login session changed, please reload.');
    expect(MESSAGES.selectCompany.text).toBe('กรุณาเลือกบริษัทเพื่อเข้าใช้งาน');
    expect(MESSAGES.passwordChanged.text).toBe('เปลี่ยนรหัสผ่าน สำเร็จ');
  });
});
