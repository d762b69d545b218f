import {
  Alert,
  Button,
  CompareDialog,
  ConfirmDialog,
  FormDialog,
  PresenceBadge,
  useEra,
  useSnackbar,
} from '@lms/design-system';
import {
  type DateFormatOptions,
  type EntityRef,
  formatDateTime,
  MESSAGES,
  nullGuard,
  phrase,
  recordLabel,
  resolveEntity,
} from '@lms/domain';
import { useId, useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import styled from 'styled-components';
import { ApiError } from '../api/ApiError.ts';
import type { EntityRecord } from '../data/entityKeys.ts';
import { useEntityRecord } from '../data/useEntityData.ts';
import { useEntityMutations } from '../data/useEntityMutations.ts';
import { usePresence } from '../presence/usePresence.ts';
import { useSession } from '../session/SessionContext.tsx';
import { DirtyReport, unsavedText, useUnsavedForm } from '../session/unsavedChanges.tsx';
import { useEntityParts } from '../slots/EntityPartsContext.tsx';
import { compareValues } from './compareValues.ts';
import { EntityFormFields } from './EntityFormFields.tsx';
import { bodyFor, type FormMode, submitErrors, toFormErrors, validatorFor } from './formValidation.ts';
import { modeTitle } from './modeTitle.ts';

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
  const parts = useEntityParts(entity);
  const formId = useId();
  const session = useSession();
  const snackbar = useSnackbar();
  const era = useEra();
  const mutations = useEntityMutations(entity);
  const record = useEntityRecord(entity, mode === 'create' ? null : id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Cancel of a form with unsaved input asks first; a save refused as stale (409) offers a reload.
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [stale, setStale] = useState<string | null>(null);
  // The record as saved meanwhile, while the comparison with this form's values is open.
  const [saved, setSaved] = useState<EntityRecord | null>(null);
  const unsaved = useUnsavedForm();
  // Who else has this record open, and this dialog told to them (issue 22 item 7).
  const present = usePresence(entity, mode === 'create' ? null : id, mode === 'edit' ? 'editing' : 'viewing');
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
      const answer =
        mode === 'create'
          ? await mutations.create(body)
          : await mutations.update(nullGuard(id), {
              ...body,
              version: values.version,
            });
      snackbar.success(MESSAGES.saved.text);
      unsaved.markClean();
      onSaved?.(answer, mode);
      onClose();
      return undefined;
    } catch (error) {
      // Spec §8: a form's submit error is also logged, with what the server said.
      console.error(phrase('บันทึก', entity.title, 'ไม่สำเร็จ'), error);
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
      const recordId = nullGuard(id);
      await mutations.remove(recordId);
      snackbar.success(MESSAGES.deleted.text);
      setConfirmDelete(false);
      unsaved.markClean();
      onDeleted?.(recordId);
      onClose();
    } catch (error) {
      // Spec §8: a delete error is also logged.
      console.error(phrase('ลบ', entity.title, 'ไม่สำเร็จ'), error);
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
          {mode !== 'create' && <PresenceBadge people={present} />}
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
                onCompare={async () => {
                  const fresh = await record.mutate();
                  if (fresh) setSaved(fresh);
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
          {saved && (
            <CompareDialog
              isOpen
              savedBy={savedByText(saved, era)}
              fields={compareValues(
                entity,
                form.getState().values,
                saved,
                form.getState().initialValues ?? {},
              )}
              onUseSaved={() => {
                form.restart(saved);
                setSaved(null);
                setStale(null);
              }}
              onKeepMine={() => {
                // The input stays and answers the saved version: the next save overwrites it.
                form.change('version', saved.version);
                setSaved(null);
                setStale(null);
              }}
              onClose={() => setSaved(null)}
            />
          )}
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

/** `บันทึกโดย สมชาย เมื่อ 25/11/2568 14:05`, from the saved record's audit fields when it has them. */
function savedByText(saved: EntityRecord, era: DateFormatOptions): string | undefined {
  const by = typeof saved.updatedByLabel === 'string' ? saved.updatedByLabel : null;
  const at = typeof saved.updatedAt === 'string' ? formatDateTime(saved.updatedAt, era) : '';
  if (!by && !at) return undefined;
  return ['บันทึกล่าสุด', by && `โดย ${by}`, at && `เมื่อ ${at}`].filter(Boolean).join(' ');
}

/**
 * Someone saved the record after this form loaded it (409): take their version (the input is
 * lost, the form shows what is stored now), compare the two side by side (then take theirs or
 * keep one's own over it), or keep editing (the input stays; saving again is refused until the
 * form is reloaded or the comparison kept it).
 */
function StaleNotice({
  message,
  onReload,
  onCompare,
  onKeepEditing,
}: {
  message: string;
  onReload: () => Promise<void>;
  onCompare: () => Promise<void>;
  onKeepEditing: () => void;
}) {
  const [reloading, setReloading] = useState(false);
  const [comparing, setComparing] = useState(false);
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
          <Button
            size="sm"
            variant="secondary"
            isLoading={comparing}
            onPress={() => {
              setComparing(true);
              void onCompare().finally(() => setComparing(false));
            }}
          >
            เปรียบเทียบ
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
