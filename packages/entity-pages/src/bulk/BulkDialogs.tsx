import { Alert, ConfirmDialog, FormDialog, useSnackbar } from '@lms/design-system';
import {
  type BulkActionAnswer,
  type BulkActionBody,
  bulkText,
  type EntityDef,
  entityApi,
  type FieldDef,
  phrase,
  validateFieldValue,
} from '@lms/domain';
import { useId, useState } from 'react';
import { Form } from 'react-final-form';
import { useApi } from '../api/ApiContext.tsx';
import { ApiError } from '../api/ApiError.ts';
import { call } from '../api/call.ts';
import { branchQuery } from '../data/entityKeys.ts';
import { useEntityMutations } from '../data/useEntityMutations.ts';
import { FieldControl } from '../form/FieldControl.tsx';
import { submitErrors, toFormErrors } from '../form/formValidation.ts';
import { useSession } from '../session/SessionContext.tsx';
import { BulkReportDialog } from './BulkReportDialog.tsx';
import type { BulkTarget } from './bulkTarget.ts';

/** The action the toolbar asked for, on the target it had then. */
export type BulkRequest =
  | { readonly action: 'delete'; readonly target: BulkTarget }
  | { readonly action: 'set'; readonly field: FieldDef; readonly target: BulkTarget };

export interface BulkDialogsProps {
  readonly entity: EntityDef;
  readonly request: BulkRequest | null;
  readonly onCancel: () => void;
  /** The action ran (whatever it refused): the selection is spent. */
  readonly onDone: () => void;
}

/**
 * Confirm (naming the count) → run, with its progress → the result: a snackbar, and the report of
 * the refused rows with their reasons when there are any. The report stays after the selection goes.
 */
export function BulkDialogs({ entity, request, onCancel, onDone }: BulkDialogsProps) {
  const api = useApi();
  const { branchId } = useSession();
  // Results of several actions in a row pile up: the spec's 12-at-once stack.
  const snackbar = useSnackbar('many');
  const mutations = useEntityMutations(entity);
  const [running, setRunning] = useState(false);
  const [report, setReport] = useState<BulkActionAnswer | null>(null);

  /** Sends the action; answers the error when it was refused as a whole (nothing written). */
  const run = async (body: BulkActionBody): Promise<ApiError | null> => {
    setRunning(true);
    try {
      const answer = await call(api, entityApi(entity).bulkAction, {
        body,
        query: branchQuery(entity, branchId),
      });
      snackbar.success(bulkText.done(answer.action, answer.done));
      if (answer.refused.length > 0) {
        snackbar.warning(bulkText.refusedCount(answer.refused.length));
        setReport(answer);
      }
      onDone();
      return null;
    } catch (error) {
      const failure = error instanceof ApiError ? error : new ApiError(0, [String(error)]);
      // Spec §8: a failed delete or submit is also written to the console.
      console.error(failure);
      return failure;
    } finally {
      setRunning(false);
      // Deleted or changed rows, even when the action failed halfway on the way back.
      void mutations.revalidate();
    }
  };

  return (
    <>
      {request?.action === 'delete' && (
        <ConfirmDialog
          isOpen
          variant="danger"
          title={bulkText.confirmDelete(request.target.count, entity.title)}
          message={running ? bulkText.working(request.target.count) : bulkText.confirmDeleteBody}
          confirmLabel={bulkText.delete}
          isPending={running}
          onCancel={onCancel}
          onConfirm={async () => {
            const failure = await run({ action: 'delete', selection: request.target.selection });
            if (failure) {
              snackbar.error([...failure.messages]);
              onCancel();
            }
          }}
        />
      )}
      {request?.action === 'set' && (
        <SetFieldDialog entity={entity} request={request} running={running} run={run} onCancel={onCancel} />
      )}
      {report && <BulkReportDialog entity={entity} answer={report} onClose={() => setReport(null)} />}
    </>
  );
}

/** The new value of one bulk-editable field, in the form's own control for it (a reference picker …). */
function SetFieldDialog({
  entity,
  request,
  running,
  run,
  onCancel,
}: {
  readonly entity: EntityDef;
  readonly request: Extract<BulkRequest, { action: 'set' }>;
  readonly running: boolean;
  readonly run: (body: BulkActionBody) => Promise<ApiError | null>;
  readonly onCancel: () => void;
}) {
  const formId = useId();
  const { field, target } = request;
  const title = bulkText.confirmSet(target.count, field.label);
  return (
    <Form<Record<string, unknown>>
      onSubmit={async (values) => {
        const checked = validateFieldValue(entity, field.name, values[field.name] ?? null);
        const value = checked.ok ? checked.value : null;
        const failure = await run({ action: 'set', field: field.name, value, selection: target.selection });
        return failure ? submitErrors(failure) : undefined;
      }}
      validate={(values) => {
        const checked = validateFieldValue(entity, field.name, values[field.name] ?? null);
        return checked.ok ? {} : toFormErrors(checked.errors);
      }}
      initialValues={{ [field.name]: null }}
      subscription={{ submitError: true }}
    >
      {({ handleSubmit, submitError }) => (
        <FormDialog
          isOpen
          mode="edit"
          title={title}
          onClose={onCancel}
          formId={formId}
          isSaving={running}
          isDismissable={!running}
          saveLabel={phrase('บันทึก', `${target.count.toLocaleString('en-US')} รายการ`)}
        >
          <form id={formId} onSubmit={handleSubmit} noValidate aria-label={title}>
            {submitError && <Alert tone="danger">{String(submitError)}</Alert>}
            {running && <p role="status">{bulkText.working(target.count)}</p>}
            <FieldControl field={field} label={phrase(bulkText.value, `(${field.label})`)} />
          </form>
        </FormDialog>
      )}
    </Form>
  );
}
