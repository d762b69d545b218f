import { describe, expect, it } from 'vitest';
import { object, string, ValidationError } from 'yup';
import { MESSAGES } from '../messages.ts';
import { FORM_ERROR_KEY, nullGuard, toFieldErrors } from './errors.ts';

describe('nullGuard', () => {
  it('hands back a present value, zero and empty string included', () => {
    expect(nullGuard(0)).toBe(0);
    expect(nullGuard('')).toBe('');
  });

  it('raises a yup ValidationError with the default or given message', () => {
    expect(() => nullGuard(null)).toThrow(ValidationError);
    expect(() => nullGuard(undefined)).toThrow(MESSAGES.unexpectedNull.text);
    expect(MESSAGES.unexpectedNull.specText).toBe('Unexpected null value.');
    expect(() => nullGuard(null, 'ไม่พบสาขา')).toThrow('ไม่พบสาขา');
  });
});

describe('toFieldErrors', () => {
  it("maps a generic schema's errors with yup's default wording", () => {
    const schema = object({ name: string().required(), email: string().email() });
    try {
      schema.validateSync({ email: 'x' }, { abortEarly: false });
      expect.unreachable();
    } catch (error) {
      expect(toFieldErrors(error)).toEqual({
        name: 'name is a required field',
        email: 'email must be a valid email',
      });
    }
  });

  it('keeps the first message of each field', () => {
    const error = new ValidationError([
      new ValidationError('first', null, 'code'),
      new ValidationError('second', null, 'code'),
    ]);
    expect(toFieldErrors(error)).toEqual({ code: 'first' });
  });

  it('falls back to yup\'s "path is a required field" when a required error has no message', () => {
    const error = new ValidationError('', null, 'code', 'required');
    expect(toFieldErrors(error)).toEqual({ code: 'code is a required field' });
  });

  it('puts errors without a field under the form key', () => {
    expect(toFieldErrors(new Error('เซิร์ฟเวอร์ไม่ตอบ'))).toEqual({ [FORM_ERROR_KEY]: 'เซิร์ฟเวอร์ไม่ตอบ' });
    expect(toFieldErrors(nullGuardError())).toEqual({ [FORM_ERROR_KEY]: MESSAGES.unexpectedNull.text });
  });
});

function nullGuardError(): unknown {
  try {
    nullGuard(null);
  } catch (error) {
    return error;
  }
  return undefined;
}
