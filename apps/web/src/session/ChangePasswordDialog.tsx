import { FormDialog, TextField, useSnackbar } from '@lms/design-system';
import {
  type ChangePasswordForm,
  changePasswordSchema,
  MESSAGES,
  messagesOfError,
  toFieldErrors,
  UI_TEXT,
} from '@lms/domain';
import { ApiError } from '@lms/entity-pages';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { HOST_TEXT } from '../text.ts';
import { useAuth } from './AuthProvider.tsx';

type Field = keyof ChangePasswordForm;
type FieldErrors = Partial<Record<Field, string>>;

const fields: readonly { name: Field; label: string; autoComplete: string }[] = [
  { name: 'oldPassword', label: UI_TEXT.oldPassword, autoComplete: 'current-password' },
  { name: 'newPassword', label: UI_TEXT.newPassword, autoComplete: 'new-password' },
  { name: 'newPasswordConfirm', label: UI_TEXT.newPasswordConfirm, autoComplete: 'new-password' },
];

const empty: ChangePasswordForm = { oldPassword: '', newPassword: '', newPasswordConfirm: '' };

function validate(values: ChangePasswordForm): FieldErrors {
  try {
    changePasswordSchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    return toFieldErrors(error) as FieldErrors;
  }
}

function isField(key: string): key is Field {
  return fields.some((field) => field.name === key);
}

/**
 * Change password (spec §5): the domain's schema and messages, the server's 422 field errors and
 * other messages shown inside the dialog (spec §8), a success snackbar. `forced` is the first
 * sign-in case: cancelling logs out, since nothing else works until the password is changed.
 */
export function ChangePasswordDialog({ forced = false, onClose }: { forced?: boolean; onClose: () => void }) {
  const { changePassword, logout } = useAuth();
  const snackbar = useSnackbar();
  const formId = useId();
  const [values, setValues] = useState<ChangePasswordForm>(empty);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formMessages, setFormMessages] = useState<readonly string[]>([]);
  const [saving, setSaving] = useState(false);
  const errors = { ...validate(values), ...serverErrors };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ oldPassword: true, newPassword: true, newPasswordConfirm: true });
    if (Object.keys(validate(values)).length > 0) return;
    setSaving(true);
    setFormMessages([]);
    try {
      await changePassword(values.oldPassword, values.newPassword);
      snackbar.success(MESSAGES.passwordChanged.text);
      onClose();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
      const known = Object.fromEntries(Object.entries(fieldErrors).filter(([key]) => isField(key)));
      setServerErrors(known);
      if (Object.keys(known).length === 0) setFormMessages(messagesOfError(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      isOpen
      mode="edit"
      title={UI_TEXT.changePassword}
      formId={formId}
      isSaving={saving}
      isDismissable={false}
      onClose={forced ? () => void logout() : onClose}
    >
      <Form id={formId} onSubmit={submit} noValidate>
        {forced && <Notice>{HOST_TEXT.forcedPasswordChange}</Notice>}
        {formMessages.length > 0 && (
          <Alert role="alert">
            {formMessages.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        )}
        {fields.map((field, index) => (
          <TextField
            key={field.name}
            name={field.name}
            type="password"
            label={field.label}
            autoComplete={field.autoComplete}
            autoFocus={index === 0}
            isRequired
            value={values[field.name]}
            onChange={(value) => {
              setValues((current) => ({ ...current, [field.name]: value }));
              setServerErrors(({ [field.name]: _dropped, ...rest }) => rest);
            }}
            onBlur={() => setTouched((current) => ({ ...current, [field.name]: true }))}
            error={errors[field.name]}
            touched={touched[field.name] ?? false}
          />
        ))}
        {/* Enter in a field submits even though the save button sits outside the form. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </FormDialog>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

const Notice = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Alert = styled.div`
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  border-left: 4px solid ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.danger};
  white-space: pre-line;
`;
