import { describe, expect, it } from 'vitest';
import { changePasswordSchema } from './changePassword.ts';
import { toFieldErrors } from './errors.ts';

function errorsOf(form: Record<string, unknown>): Record<string, string> {
  try {
    changePasswordSchema.validateSync(form, { abortEarly: false });
    return {};
  } catch (error) {
    return toFieldErrors(error);
  }
}

describe('changePasswordSchema', () => {
  it('asks for all three fields with the spec messages', () => {
    expect(errorsOf({ oldPassword: '', newPassword: '', newPasswordConfirm: '' })).toEqual({
      oldPassword: 'กรุณาระบุ รหัสผ่านเก่า',
      newPassword: 'กรุณาระบุ รหัสผ่านใหม่',
      newPasswordConfirm: 'กรุณายืนยัน รหัสผ่านใหม่',
    });
  });

  it('needs a new password different from the old one', () => {
    expect(
      errorsOf({ oldPassword: 'old-secret', newPassword: 'old-secret', newPasswordConfirm: 'old-secret' }),
    ).toEqual({
      newPassword: 'รหัสผ่านใหม่ ต้องต่างจาก รหัสผ่านเก่า',
    });
  });

  it('needs the confirmation to match', () => {
    expect(
      errorsOf({ oldPassword: 'old-secret', newPassword: 'new-secret', newPasswordConfirm: 'new-secreT' }),
    ).toEqual({
      newPasswordConfirm: 'ยืนยันรหัสผ่านใหม่ ไม่ถูกต้อง',
    });
  });

  it('needs 8 to 128 characters', () => {
    const message = 'รหัสผ่านใหม่ ต้องมีความยาว 8–128 ตัวอักษร';
    expect(errorsOf({ oldPassword: 'a', newPassword: 'short7!', newPasswordConfirm: 'short7!' })).toEqual({
      newPassword: message,
    });
    const long = 'x'.repeat(129);
    expect(errorsOf({ oldPassword: 'a', newPassword: long, newPasswordConfirm: long })).toEqual({
      newPassword: message,
    });
    const fine = 'x'.repeat(8);
    expect(errorsOf({ oldPassword: 'a', newPassword: fine, newPasswordConfirm: fine })).toEqual({});
  });
});

describe('changePasswordSchema with partly filled forms', () => {
  it('shows only the missing-field message of an empty field', () => {
    expect(errorsOf({ oldPassword: 'old-secret', newPassword: '', newPasswordConfirm: '' })).toEqual({
      newPassword: 'กรุณาระบุ รหัสผ่านใหม่',
      newPasswordConfirm: 'กรุณายืนยัน รหัสผ่านใหม่',
    });
    expect(
      errorsOf({ oldPassword: 'old-secret', newPassword: 'new-secret', newPasswordConfirm: '' }),
    ).toEqual({
      newPasswordConfirm: 'กรุณายืนยัน รหัสผ่านใหม่',
    });
  });

  it('does not trim passwords', () => {
    expect(
      errorsOf({ oldPassword: 'old-secret', newPassword: 'old-secret ', newPasswordConfirm: 'old-secret ' }),
    ).toEqual({});
  });
});
