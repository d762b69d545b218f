import { Alert, ConfirmDialog, FormDialog, SelectField, TextField } from '@lms/design-system';
import { SAVED_VIEW, type SavedView, type ViewSharing, viewNameProblem } from '@lms/domain';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../api/ApiError.ts';

export interface Option {
  readonly id: string;
  readonly label: string;
}

/** What the server said, in Thai: its field message when it named one, else its messages. */
function failureOf(error: unknown, field?: string): { field?: string; form?: string } {
  if (error instanceof ApiError) {
    const onField = field ? error.fieldErrors?.[field] : undefined;
    if (onField) return { field: onField };
    const messages = error.messages.filter((message) => message !== 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบ');
    return { form: (messages.length ? messages : error.messages).join('\n') };
  }
  return { form: 'บันทึกไม่สำเร็จ กรุณาลองใหม่อีกครั้ง' };
}

/** Runs the dialog's call; on failure keeps the dialog open with the reason. */
function useSubmit<T>(run: (value: T) => Promise<unknown>, onDone: () => void, field?: string) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ field?: string; form?: string }>({});
  const submit = async (value: T) => {
    setPending(true);
    setFailure({});
    try {
      await run(value);
      onDone();
    } catch (error) {
      console.error(error);
      setFailure(failureOf(error, field));
    } finally {
      setPending(false);
    }
  };
  return { pending, failure, submit };
}

/** Save as a new view, or rename one: the name, checked as the server checks it. */
export function NameDialog({
  mode,
  initial = '',
  onClose,
  onSubmit,
}: {
  readonly mode: 'create' | 'edit';
  readonly initial?: string;
  readonly onClose: () => void;
  readonly onSubmit: (name: string) => Promise<unknown>;
}) {
  const formId = useId();
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const { pending, failure, submit } = useSubmit(onSubmit, onClose, 'name');
  const problem = viewNameProblem(name);
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!problem) void submit(name.trim());
  };
  return (
    <FormDialog
      isOpen
      mode={mode}
      title={mode === 'create' ? 'บันทึกเป็นมุมมองใหม่' : 'เปลี่ยนชื่อมุมมอง'}
      formId={formId}
      onClose={onClose}
      isSaving={pending}
      isDismissable={!touched}
    >
      <form id={formId} onSubmit={onFormSubmit} noValidate>
        <TextField
          label="ชื่อมุมมอง"
          value={name}
          onChange={setName}
          onBlur={() => setTouched(true)}
          isRequired
          autoFocus
          error={problem ?? failure.field}
          touched={touched || !!failure.field}
          description={`ไม่เกิน ${SAVED_VIEW.nameMaxLength} ตัวอักษร ตัวกรอง การเรียง คอลัมน์ และจำนวนแถวต่อหน้าที่เห็นอยู่จะถูกบันทึกไว้`}
        />
        {failure.form && <Alert>{failure.form}</Alert>}
      </form>
    </FormDialog>
  );
}

const NOBODY = '';

/** Share a view with a branch and/or a role, or keep it private (both left empty). */
export function ShareDialog({
  view,
  branches,
  roles,
  onClose,
  onSubmit,
}: {
  readonly view: SavedView;
  readonly branches: readonly Option[];
  readonly roles: readonly Option[];
  readonly onClose: () => void;
  readonly onSubmit: (sharing: ViewSharing | null) => Promise<unknown>;
}) {
  const [branchId, setBranchId] = useState<string>(view.sharing?.branchId ?? NOBODY);
  const [role, setRole] = useState<string>(view.sharing?.role ?? NOBODY);
  const { pending, failure, submit } = useSubmit(onSubmit, onClose, 'sharing');
  const sharing: ViewSharing | null =
    branchId === NOBODY && role === NOBODY
      ? null
      : { branchId: branchId === NOBODY ? null : branchId, role: role === NOBODY ? null : role };
  return (
    <FormDialog
      isOpen
      mode="edit"
      title={`แชร์มุมมอง "${view.name}"`}
      onClose={onClose}
      onSave={() => void submit(sharing)}
      isSaving={pending}
      saveLabel="บันทึกการแชร์"
    >
      <p>
        {sharing === null
          ? 'ส่วนตัว: เห็นได้เฉพาะคุณ'
          : sharing.branchId && sharing.role
            ? 'ผู้ใช้ของสาขานี้ที่มีบทบาทนี้จะเห็นมุมมองนี้'
            : sharing.branchId
              ? 'ผู้ใช้ทุกคนของสาขานี้จะเห็นมุมมองนี้'
              : 'ผู้ที่มีบทบาทนี้ทุกสาขาจะเห็นมุมมองนี้'}{' '}
        แต่แก้ไขหรือลบได้เฉพาะคุณ
      </p>
      <SelectField
        label="แชร์กับสาขา"
        value={branchId}
        onChange={(next) => setBranchId(String(next ?? NOBODY))}
        options={[{ id: NOBODY, label: 'ไม่ระบุสาขา' }, ...branches]}
      />
      <SelectField
        label="แชร์กับบทบาท"
        value={role}
        onChange={(next) => setRole(String(next ?? NOBODY))}
        options={[{ id: NOBODY, label: 'ไม่ระบุบทบาท' }, ...roles]}
        error={failure.field}
      />
      {failure.form && <Alert>{failure.form}</Alert>}
    </FormDialog>
  );
}

export function DeleteViewDialog({
  view,
  onClose,
  onConfirm,
}: {
  readonly view: SavedView;
  readonly onClose: () => void;
  readonly onConfirm: () => Promise<unknown>;
}) {
  const { pending, failure, submit } = useSubmit(onConfirm, onClose);
  return (
    <ConfirmDialog
      isOpen
      variant="danger"
      title="ลบมุมมอง"
      message={
        <>
          ลบมุมมอง "{view.name}"{view.sharing ? ' ซึ่งแชร์ให้ผู้อื่นอยู่' : ''} ใช่หรือไม่
          {failure.form && <Alert>{failure.form}</Alert>}
        </>
      }
      confirmLabel="ลบ"
      isPending={pending}
      onCancel={onClose}
      onConfirm={() => void submit(undefined)}
    />
  );
}
