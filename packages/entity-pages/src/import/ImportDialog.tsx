import { useSnackbar } from '@lms/design-system';
import {
  type EntityDef,
  type ImportJob,
  type ImportReport,
  type ImportRowsPage,
  importApi,
  MESSAGES,
} from '@lms/domain';
import { useEffect, useState } from 'react';
import { useApi } from '../api/ApiContext.tsx';
import { ApiError } from '../api/ApiError.ts';
import { call, callForBytes, callWithForm } from '../api/call.ts';
import { saveBlob } from '../api/download.ts';
import { branchQuery } from '../data/entityKeys.ts';
import { useSession } from '../session/SessionContext.tsx';
import {
  ImportDialogView,
  type ImportStep,
  REPORT_PAGE_SIZES,
  type ServerRows,
  type StatusFilter,
} from './ImportDialogView.tsx';
import { importHeadline } from './importHeadline.ts';

export interface ImportDialogProps {
  readonly entity: EntityDef;
  readonly isOpen: boolean;
  readonly onClose: () => void;
  /** After rows were written: the list reloads. */
  readonly onImported: () => void;
}

/** How often a running job is read back. */
const POLL_MS = 700;

/**
 * The job the user left running (or whose result they have not seen), per entity and branch:
 * the dialog reopens on it, after closing it or reloading the page.
 */
const jobStore = (entity: EntityDef, branchId: string | null) => {
  const key = `lms.importJob.${entity.name}.${entity.branchOwned ? branchId : ''}`;
  return {
    read: (): { id: string; fileName: string } | null => {
      try {
        return JSON.parse(localStorage.getItem(key) ?? 'null');
      } catch {
        return null;
      }
    },
    write: (job: ImportJob) =>
      localStorage.setItem(key, JSON.stringify({ id: job.id, fileName: job.fileName })),
    clear: () => localStorage.removeItem(key),
  };
};

/**
 * The page of a report's rows the grid shows when the report carries fewer rows than it counts (a
 * large file): read from the finished job for the filter, page and page size.
 */
function useServerRows(
  jobId: string | null,
  report: ImportReport | undefined,
  filter: StatusFilter,
  read: (page: number, pageSize: number) => Promise<ImportRowsPage>,
): ServerRows | undefined {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(REPORT_PAGE_SIZES[0]);
  const [answer, setAnswer] = useState<{ key: string; page?: ImportRowsPage; failed?: boolean } | null>(null);
  const paged = jobId !== null && report !== undefined && report.rows.length < report.total;
  const key = `${jobId}:${filter}:${page}:${pageSize}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts at its first page.
  useEffect(() => setPage(1), [filter, jobId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one read per job, filter and page.
  useEffect(() => {
    if (!paged) return;
    let stopped = false;
    read(page, pageSize).then(
      (rows) => !stopped && setAnswer({ key, page: rows }),
      () => !stopped && setAnswer({ key, failed: true }),
    );
    return () => {
      stopped = true;
    };
  }, [paged, key]);
  if (!paged) return undefined;
  const current = answer?.key === key ? answer : undefined;
  return {
    rows: current?.page?.rows ?? [],
    total: current?.page?.total ?? 0,
    page,
    pageSize,
    isLoading: current === undefined,
    error: current?.failed === true,
    onPageChange: setPage,
    onPageSizeChange: (size) => {
      setPageSize(size);
      setPage(1);
    },
  };
}

/** The dialog's step for a job as the server answers it. */
function stepOf(job: ImportJob, before?: ImportStep): ImportStep {
  const report = before && 'report' in before ? before.report : undefined;
  if (job.phase === 'done' && job.report)
    return { step: job.dryRun ? 'checked' : 'applied', report: job.report };
  if (job.phase === 'done' || job.phase === 'failed')
    return report ? { step: 'checked', report } : { step: 'pick' };
  const progress = { phase: job.phase, done: job.done, total: job.total };
  return { step: job.dryRun ? 'checking' : 'applying', ...(report ? { report } : {}), progress };
}

/**
 * The import dialog wired to `POST {entity}/import/jobs`: a dry run first, then the same file
 * applied, each a server job whose progress is read back until it ends. The user may close the
 * dialog meanwhile: it reopens on the job (its id is kept in localStorage).
 */
export function ImportDialog({ entity, isOpen, onClose, onImported }: ImportDialogProps) {
  const api = useApi();
  const { branchId } = useSession();
  const snackbar = useSnackbar();
  const store = jobStore(entity, branchId);
  const [file, setFile] = useState<File | null>(null);
  const [fileName, setFileName] = useState<string | null>(() => store.read()?.fileName ?? null);
  const [state, setState] = useState<ImportStep>({ step: 'pick' });
  const [jobId, setJobId] = useState<string | null>(() => store.read()?.id ?? null);
  const [validOnly, setValidOnly] = useState(false);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [error, setError] = useState<readonly string[] | null>(null);
  /** The finished job whose report is shown: its rows beyond the report's own are read from it. */
  const [resultJobId, setResultJobId] = useState<string | null>(null);
  const calls = importApi(entity.name);
  const query = branchQuery(entity, branchId);
  const report = 'report' in state ? state.report : undefined;
  const serverRows = useServerRows(resultJobId, report, filter, (page, at) =>
    call(api, calls.rows, {
      params: { id: resultJobId! },
      query: { ...query, status: filter, offset: (page - 1) * at, limit: at },
    }),
  );

  // Reads the job back until it ends (also the one left running when the dialog was last closed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: one loop per job id.
  useEffect(() => {
    if (!jobId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      let job: ImportJob;
      try {
        job = await call(api, calls.job, { params: { id: jobId }, query });
      } catch (failure) {
        if (stopped) return;
        store.clear();
        setJobId(null);
        setState({ step: 'pick' });
        setError(failure instanceof ApiError ? failure.messages : ['อ่านสถานะการนำเข้าไม่สำเร็จ']);
        return;
      }
      if (stopped) return;
      setState((before) => stepOf(job, before));
      if (job.phase !== 'done' && job.phase !== 'failed') {
        timer = setTimeout(poll, POLL_MS);
        return;
      }
      setJobId(null);
      setResultJobId(job.report ? job.id : null);
      if (job.phase === 'failed') setError(job.messages ?? ['นำเข้าไม่สำเร็จ กรุณาลองใหม่']);
      if (job.report) setFilter(job.report.failed > 0 ? 'failed' : 'all');
      if (job.report?.applied) {
        snackbar.success(`${entity.title}: ${importHeadline(job.report, true)}`);
        onImported();
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [jobId]);

  const start = async (dryRun: boolean) => {
    if (!file) {
      setError(['กรุณาเลือกไฟล์ที่จะนำเข้า']);
      return;
    }
    const before = state;
    setState(
      dryRun
        ? { step: 'checking' }
        : { step: 'applying', ...('report' in state ? { report: state.report } : {}) },
    );
    const form = new FormData();
    form.append('file', file);
    try {
      setError(null);
      const job = await callWithForm(api, calls.start, form, {
        query: { dryRun: dryRun ? 'true' : 'false', validOnly: validOnly ? 'true' : 'false', ...query },
      });
      store.write(job);
      setJobId(job.id);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.messages : ['นำเข้าไม่สำเร็จ กรุณาลองใหม่']);
      setState(before);
    }
  };
  const busy = state.step === 'checking' || state.step === 'applying';
  const [downloadingTemplate, setDownloadingTemplate] = useState(false);
  const downloadTemplate = async () => {
    setDownloadingTemplate(true);
    try {
      const { blob, fileName: served } = await callForBytes(api, calls.template, { query });
      saveBlob(blob, served ?? `แม่แบบ ${entity.title}.xlsx`);
    } catch (failure) {
      snackbar.error(failure instanceof ApiError ? [...failure.messages] : MESSAGES.downloadFailed.text);
    } finally {
      setDownloadingTemplate(false);
    }
  };

  return (
    <ImportDialogView
      entity={entity}
      isOpen={isOpen}
      state={state}
      fileName={file?.name ?? fileName}
      validOnly={validOnly}
      filter={filter}
      error={error}
      serverRows={serverRows}
      onPick={(picked) => {
        setFile(picked);
        setFileName(picked?.name ?? null);
        setState({ step: 'pick' });
        setError(null);
        store.clear();
      }}
      onDownloadTemplate={() => void downloadTemplate()}
      isDownloadingTemplate={downloadingTemplate}
      onValidOnlyChange={(value) => {
        // The check does not depend on it (a dry run writes nothing either way): the report stays,
        // and the same file is applied with it. An apply that wrote nothing because of failed rows
        // checked every row too, so its report is a check that may be applied skipping them.
        setValidOnly(value);
        if (state.step === 'applied' && !state.report.applied && file)
          setState({ step: 'checked', report: state.report });
      }}
      onFilterChange={setFilter}
      onCheck={() => void start(true)}
      onApply={() => void (state.step === 'checked' && start(false))}
      onClose={() => {
        // A running job is kept to come back to; a result once seen is not shown again.
        if (!busy) store.clear();
        onClose();
      }}
    />
  );
}
