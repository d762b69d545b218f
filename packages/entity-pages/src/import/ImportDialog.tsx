import { useSnackbar } from '@lms/design-system';
import { type EntityDef, type ImportReport, importApi, phrase } from '@lms/domain';
import { useState } from 'react';
import { useApi } from '../api/ApiContext.tsx';
import { ApiError } from '../api/ApiError.ts';
import { branchQuery } from '../data/entityKeys.ts';
import { useSession } from '../session/SessionContext.tsx';
import { ImportDialogView, type ImportStep, type StatusFilter } from './ImportDialogView.tsx';

export interface ImportDialogProps {
  readonly entity: EntityDef;
  readonly isOpen: boolean;
  readonly onClose: () => void;
  /** After rows were written: the list reloads. */
  readonly onImported: () => void;
}

/** The import dialog wired to `POST {entity}/import`: a dry run first, then the same file applied. */
export function ImportDialog({ entity, isOpen, onClose, onImported }: ImportDialogProps) {
  const api = useApi();
  const { branchId } = useSession();
  const snackbar = useSnackbar();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<ImportStep>({ step: 'pick' });
  const [validOnly, setValidOnly] = useState(false);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [error, setError] = useState<readonly string[] | null>(null);
  const url = importApi(entity.name).run.url;

  const send = async (dryRun: boolean): Promise<ImportReport | null> => {
    if (!file) {
      setError(['กรุณาเลือกไฟล์ที่จะนำเข้า']);
      return null;
    }
    const form = new FormData();
    form.append('file', file);
    try {
      setError(null);
      return await api.postForm<ImportReport>(url, form, {
        dryRun: String(dryRun),
        validOnly: String(validOnly),
        ...branchQuery(entity, branchId),
      });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.messages : ['นำเข้าไม่สำเร็จ กรุณาลองใหม่']);
      return null;
    }
  };

  const check = async () => {
    setState({ step: 'checking' });
    const report = await send(true);
    setFilter(report && report.failed > 0 ? 'failed' : 'all');
    setState(report ? { step: 'checked', report } : { step: 'pick' });
  };
  const apply = async () => {
    if (state.step !== 'checked') return;
    setState({ step: 'applying', report: state.report });
    const report = await send(false);
    if (!report) return setState({ step: 'checked', report: state.report });
    setState({ step: 'applied', report });
    if (report.applied) {
      snackbar.success(phrase('นำเข้า', entity.title, 'เรียบร้อย'));
      onImported();
    }
  };

  return (
    <ImportDialogView
      entity={entity}
      isOpen={isOpen}
      state={state}
      fileName={file?.name ?? null}
      validOnly={validOnly}
      filter={filter}
      error={error}
      onPick={(picked) => {
        setFile(picked);
        setState({ step: 'pick' });
        setError(null);
      }}
      onValidOnlyChange={(value) => {
        setValidOnly(value);
        if (state.step === 'checked' || state.step === 'applied') setState({ step: 'pick' });
      }}
      onFilterChange={setFilter}
      onCheck={check}
      onApply={apply}
      onClose={onClose}
    />
  );
}
