import * as yup from 'yup';
import { LIMITS, UI_TEXT } from '../constants.ts';

/** The change-password form (spec §5, with its exact messages) plus the product's length rule. */

export const CHANGE_PASSWORD_MESSAGES = {
  oldPasswordRequired: 'กรุณาระบุ รหัสผ่านเก่า',
  newPasswordRequired: 'กรุณาระบุ รหัสผ่านใหม่',
  newPasswordSameAsOld: 'รหัสผ่านใหม่ ต้องต่างจาก รหัสผ่านเก่า',
  newPasswordConfirmRequired: 'กรุณายืนยัน รหัสผ่านใหม่',
  newPasswordConfirmMismatch: 'ยืนยันรหัสผ่านใหม่ ไม่ถูกต้อง',
  newPasswordLength: `${UI_TEXT.newPassword} ต้องมีความยาว ${LIMITS.passwordMinLength}–${LIMITS.passwordMaxLength} ตัวอักษร`,
} as const;

const message = CHANGE_PASSWORD_MESSAGES;

const { passwordMinLength: min, passwordMaxLength: max } = LIMITS;

// Passwords are not trimmed (a space is a character like any other). The checks after `required`
// pass on an empty value so that an empty field shows only its "please enter" message.
export const changePasswordSchema = yup.object({
  oldPassword: yup.string().required(message.oldPasswordRequired),
  newPassword: yup
    .string()
    .required(message.newPasswordRequired)
    .test(
      'length',
      message.newPasswordLength,
      (value) => !value || (value.length >= min && value.length <= max),
    )
    .test('differentFromOld', message.newPasswordSameAsOld, function differentFromOld(value) {
      return !value || value !== this.parent.oldPassword;
    }),
  newPasswordConfirm: yup
    .string()
    .required(message.newPasswordConfirmRequired)
    .test('matchesNew', message.newPasswordConfirmMismatch, function matchesNew(value) {
      return !value || value === this.parent.newPassword;
    }),
});

export type ChangePasswordForm = yup.InferType<typeof changePasswordSchema>;
