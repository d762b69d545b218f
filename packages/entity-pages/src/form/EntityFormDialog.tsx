import { Alert, Button, ConfirmDialog, FormDialog, useSnackbar } from '@lms/design-system';
import { type EntityRef, MESSAGES, phrase, recordLabel, resolveEntity } from '@lms/domain';
import { useId, useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import styled from 'styled-components';
import { ApiError } from '../api/ApiError.ts';
import type { EntityRecord } from '../data/entityKeys.ts';
import { useEntityRecord } from '../data/useEntityData.ts';
import { useEntityMutations } from '../data/useEntityMutations.ts';
import { partsFor } from '../parts/registry.ts';
import { useSession } from '../session/SessionContext.tsx';
import { DirtyReport, unsavedText, useUnsavedForm } from '../session/unsavedChanges.tsx';
import { EntityFormFields } from './EntityFormFields.tsx';
import { bodyFor, type FormMode, submitErrors, toFormErrors, validatorFor } from './formValidation.ts';

export interface EntityFormDialogProps {
  readonly entity: EntityRef;
  readonly mode: FormMode;
  /** The record of edit and show modes. */
  readonly id?: string | null;
  readonly onClose: () => void;
  /** After a successful create or update, with the server's answer. */
  readonly onSaved?: (record: EntityRecord, mode: FormMode) => void;
  readonly onDeleted?: (id: string) => void;
  /** Values a new record starts with. */
  readonly initialValues?: Readonly<Record<string, unknown>>;
}

const modeTitle: Record<FormMode, string> = { create: 'เพิ่ม', edit: 'แก้ไข', show: 'รายละเอียด' };

/**
 * Create, edit and show of any entity in the generic form dialog: fields from the declaration,
 * the domain's yup schema (Thai messages) before sending, the server's 422 field errors after.
 */
export function EntityFormDialog({
  entity: entityRef,
  mode,
  id,
  onClose,
  onSaved,
  onDeleted,
  initialValues,
}: EntityFormDialogProps) {
  const entity = resolveEntity(entityRef);
  const parts = partsFor(entity);
  const formId = useId();
  const session = useSession();
  const snackbar = useSnackbar();
  const mutations = useEntityMutations(entity);
  const record = useEntityRecord(entity, mode === 'create' ? null : id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Cancel of a form with unsaved input asks first; a save refused as stale (409) offers a reload.
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [stale, setStale] = useState<string | null>(null);
  const unsaved = useUnsavedForm();
  const validate = useMemo(() => {
    const generic = validatorFor(entity, mode);
    return (values: Record<string, unknown>) => ({
      ...toFormErrors(parts.validate?.(values) ?? {}),
      ...generic(values),
    });
  }, [entity, mode, parts]);
  const canDelete = session.can(entity, 'delete').can;

  const onSubmit = async (values: Record<string, unknown>) => {
    try {
      const body = bodyFor(entity, mode, values);
      const saved =
        mode === 'create'
          ? await mutations.create(body)
          : await mutations.update(id as string, { ...body, version: values.version });
      snackbar.success(MESSAGES.saved.text);
      unsaved.markClean();
      onSaved?.(saved, mode);
      onClose();
      return undefined;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && mode === 'edit') {
        setStale(error.messages.join('\n'));
        return undefined;
      }
      return submitErrors(error);
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await mutations.remove(id as string);
      snackbar.success(MESSAGES.deleted.text);
      setConfirmDelete(false);
      unsaved.markClean();
      onDeleted?.(id as string);
      onClose();
    } catch (error) {
      setConfirmDelete(false);
      snackbar.error(error instanceof ApiError ? [...error.messages] : String(error));
    } finally {
      setDeleting(false);
    }
  };

  const loaded = mode === 'create' ? (initialValues ?? {}) : record.data;
  const title = phrase(
    modeTitle[mode],
    entity.title,
    record.data ? ` ${recordLabel(entity, record.data)}` : '',
  );
  return (
    <Form<Record<string, unknown>>
      onSubmit={onSubmit}
      validate={mode === 'show' ? undefined : validate}
      initialValues={loaded}
      subscription={{ submitting: true, submitError: true, dirty: true }}
      keepDirtyOnReinitialize
    >
      {({ handleSubmit, submitting, submitError, dirty, form }) => (
        <FormDialog
          isOpen
          mode={mode}
          title={title}
          onClose={() => (dirty && mode !== 'show' ? setConfirmLeave(true) : onClose())}
          formId={formId}
          isLoading={mode !== 'create' && record.isLoading}
          isSaving={submitting}
          isDeleting={deleting}
          isDismissable={!dirty}
          maxWidth={parts.dialogWidth ?? 'md'}
          onDelete={mode === 'edit' && canDelete ? () => setConfirmDelete(true) : undefined}
        >
          <DirtyReport dirty={Boolean(dirty) && mode !== 'show'} report={unsaved.report} />
          <form id={formId} onSubmit={handleSubmit} noValidate aria-label={title}>
            {stale && (
              <StaleNotice
                message={stale}
                onReload={async () => {
                  // The server's version replaces the input: the form starts again from it.
                  const fresh = await record.mutate();
                  if (fresh) form.restart(fresh);
                  setStale(null);
                }}
                onKeepEditing={() => setStale(null)}
              />
            )}
            {(record.error || submitError) && (
              <Problems>
                {record.error && <Alert>{record.error.messages.join('\n')}</Alert>}
                {submitError && <Alert>{String(submitError)}</Alert>}
              </Problems>
            )}
            {(mode === 'create' || record.data) && (
              // In show mode nothing inside is focusable: the group is, so a keyboard can scroll it.
              <div {...(mode === 'show' ? { tabIndex: 0, role: 'group', 'aria-label': title } : {})}>
                <EntityFormFields entity={entity} mode={mode} omit={parts.sectionFields} />
                {parts.FormSections && (
                  <parts.FormSections entity={entity} mode={mode} record={record.data} />
                )}
              </div>
            )}
          </form>
          <ConfirmDialog
            isOpen={confirmDelete}
            variant="danger"
            title={phrase('ลบ', entity.title)}
            message={`ต้องการลบ "${record.data ? recordLabel(entity, record.data) : ''}" ใช่หรือไม่? ลบแล้วกู้คืนไม่ได้`}
            confirmLabel="ลบ"
            isPending={deleting}
            onConfirm={remove}
            onCancel={() => setConfirmDelete(false)}
          />
          <ConfirmDialog
            isOpen={confirmLeave}
            variant="danger"
            title={unsavedText.title}
            message={unsavedText.message}
            confirmLabel={unsavedText.leave}
            cancelLabel={unsavedText.stay}
            onConfirm={() => {
              setConfirmLeave(false);
              unsaved.markClean();
              onClose();
            }}
            onCancel={() => setConfirmLeave(false)}
          />
        </FormDialog>
      )}
    </Form>
  );
}

/**
 * Someone saved the record after this form loaded it (409): take their version (the input is
 * lost, the form shows what is stored now) or keep editing (the input stays; saving again is
 * refused until the form is reloaded).
 */
function StaleNotice({
  message,
  onReload,
  onKeepEditing,
}: {
  message: string;
  onReload: () => Promise<void>;
  onKeepEditing: () => void;
}) {
  const [reloading, setReloading] = useState(false);
  return (
    <Problems>
      <Alert tone="warning" withIcon>
        {message}
        <StaleActions>
          <Button
            size="sm"
            isLoading={reloading}
            onPress={() => {
              setReloading(true);
              void onReload().finally(() => setReloading(false));
            }}
          >
            โหลดข้อมูลล่าสุด
          </Button>
          <Button size="sm" variant="secondary" onPress={onKeepEditing}>
            แก้ไขต่อ
          </Button>
        </StaleActions>
      </Alert>
    </Problems>
  );
}

const StaleActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[2]};
`;

const Problems = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[3]};
`;
