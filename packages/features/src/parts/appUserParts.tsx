import { Button, ConfirmDialog, FormDialog, Icon, useSnackbar } from '@lms/design-system';
import { appUserApi, recordLabel } from '@lms/domain';
import {
  ApiError,
  call,
  type EntityRecord,
  Reason,
  type RecordPartProps,
  useApi,
  useEntityMutations,
  useSession,
} from '@lms/entity-pages';
import { useState } from 'react';
import styled from 'styled-components';

/** appUser: the temporary password is shown once (after create, after a reset) and never again. */

export function TemporaryPasswordDialog({
  username,
  password,
  onClose,
}: {
  readonly username: string;
  readonly password: string;
  readonly onClose: () => void;
}) {
  return (
    <FormDialog isOpen mode="show" title="รหัสผ่านชั่วคราว" onClose={onClose} isDismissable={false} maxWidth="xs">
      <Notice>
        <p>
          รหัสผ่านชั่วคราวของ <strong>{username}</strong> แสดงเพียงครั้งเดียว กรุณาจดไว้และแจ้งผู้ใช้
          ผู้ใช้ต้องเปลี่ยนรหัสผ่านเมื่อเข้าสู่ระบบครั้งแรก
        </p>
        <Password aria-label="รหัสผ่านชั่วคราว">{password}</Password>
      </Notice>
    </FormDialog>
  );
}

export function CreatedUserNotice({
  record,
  onClose,
}: {
  readonly record: EntityRecord;
  readonly onClose: () => void;
}) {
  const password = record.temporaryPassword;
  if (typeof password !== 'string') return null;
  return (
    <TemporaryPasswordDialog username={String(record.username ?? '')} password={password} onClose={onClose} />
  );
}

/** Reset password: shown to readers of the user screens, enabled for ADMIN and RESET_PASSWORD (spec §6). */
export function ResetPasswordAction({ entity, record }: RecordPartProps) {
  const session = useSession();
  const api = useApi();
  const snackbar = useSnackbar();
  const mutations = useEntityMutations(entity);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  const access = session.can(entity, 'resetPassword');
  const reset = async () => {
    setPending(true);
    try {
      const answer = await call(api, appUserApi.resetPassword, { params: { id: record.id } });
      setPassword(answer.temporaryPassword);
      await mutations.revalidate();
    } catch (error) {
      snackbar.error(error instanceof ApiError ? [...error.messages] : String(error));
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        icon={<Icon name="key" size={18} />}
        isDisabled={!access.can}
        onPress={() => setConfirming(true)}
      >
        รีเซ็ตรหัสผ่าน
      </Button>
      {!access.can && access.reason && <Reason>{access.reason}</Reason>}
      <ConfirmDialog
        isOpen={confirming}
        title="รีเซ็ตรหัสผ่าน"
        message={`ต้องการรีเซ็ตรหัสผ่านของ "${recordLabel(entity, record)}" ใช่หรือไม่? รหัสผ่านเดิมจะใช้ไม่ได้ทันที`}
        confirmLabel="รีเซ็ตรหัสผ่าน"
        isPending={pending}
        onConfirm={reset}
        onCancel={() => setConfirming(false)}
      />
      {password && (
        <TemporaryPasswordDialog
          username={String(record.username ?? '')}
          password={password}
          onClose={() => setPassword(null)}
        />
      )}
    </>
  );
}

const Notice = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  & > p { margin: 0; }
`;

const Password = styled.output`
  display: block;
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.secondary};
  font-family: monospace;
  font-size: ${({ theme }) => theme.font.size.xl};
  letter-spacing: 0.1em;
  text-align: center;
`;
