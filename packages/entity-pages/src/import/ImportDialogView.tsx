import {
  Button,
  CheckboxField,
  DataGrid,
  type DataGridColumn,
  FilePicker,
  FormDialog,
  Icon,
  ProgressBar,
} from '@lms/design-system';
import type { EntityDef, ImportProgress, ImportReport, ImportRow, ImportStatus } from '@lms/domain';
import { useMemo } from 'react';
import styled from 'styled-components';
import { count, importHeadline } from './importHeadline.ts';
import { importTitle } from './importTitle.ts';

/** Where the import stands: pick a file → checked (dry run) → applied. */
export type ImportStep =
  | { readonly step: 'pick' }
  | {
      readonly step: 'checking' | 'applying';
      readonly report?: ImportReport;
      /** Where the server's job stands (none yet while the file is sent). */
      readonly progress?: ImportProgress;
    }
  | { readonly step: 'checked' | 'applied'; readonly report: ImportReport };

export const statusLabels: Readonly<Record<ImportStatus, string>> = {
  created: 'เพิ่มใหม่',
  updated: 'แก้ไข',
  unchanged: 'ไม่เปลี่ยนแปลง',
  failed: 'ผิดพลาด',
};

export type StatusFilter = ImportStatus | 'all';

/** A report too large to carry all its rows: the filter's rows, a page at a time from the server. */
export interface ServerRows {
  readonly rows: readonly ImportRow[];
  readonly total: number;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
  readonly isLoading: boolean;
  readonly error: boolean;
  readonly onPageChange: (page: number) => void;
  readonly onPageSizeChange: (pageSize: number) => void;
}

/** What the picker offers: the two formats the server reads (docs/import.md). */
const IMPORT_FILE_TYPES = [
  '.xlsx',
  '.csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
] as const;

/** Page sizes of a report paged from the server. */
export const REPORT_PAGE_SIZES = [100, 500, 1000] as const;

export interface ImportDialogViewProps {
  readonly entity: EntityDef;
  readonly isOpen: boolean;
  readonly state: ImportStep;
  readonly fileName: string | null;
  readonly validOnly: boolean;
  readonly filter: StatusFilter;
  /** Why the file was refused as a whole (size, type, headers), in Thai. */
  readonly error?: readonly string[] | null;
  /** Set when the report's rows are read page by page (more rows than it carries). */
  readonly serverRows?: ServerRows;
  readonly onPick: (file: File | null) => void;
  /** Downloads the entity's template (docs/import.md step 1). */
  readonly onDownloadTemplate: () => void;
  readonly isDownloadingTemplate?: boolean;
  readonly onValidOnlyChange: (validOnly: boolean) => void;
  readonly onFilterChange: (filter: StatusFilter) => void;
  readonly onCheck: () => void;
  readonly onApply: () => void;
  readonly onClose: () => void;
}

/** Failed rows first (the user fixes those), then in sheet order. */
function ordered(rows: readonly ImportRow[], filter: StatusFilter): ImportRow[] {
  const shown = filter === 'all' ? [...rows] : rows.filter((r) => r.status === filter);
  return shown.sort((a, b) => Number(b.status === 'failed') - Number(a.status === 'failed') || a.row - b.row);
}

const columns: DataGridColumn<ImportRow>[] = [
  { key: 'row', header: 'แถว', width: '72px', align: 'end', render: (r) => r.row },
  {
    key: 'status',
    header: 'สถานะ',
    width: '140px',
    render: (r) => <Status data-status={r.status}>{statusLabels[r.status]}</Status>,
  },
  { key: 'key', header: 'รหัส', width: '160px', render: (r) => r.key ?? '' },
  {
    key: 'errors',
    header: 'ข้อผิดพลาด',
    render: (r) => (
      <Errors>
        {Object.entries(r.errors).map(([column, message]) => (
          <li key={column}>
            {column && <strong>{column}</strong>}
            {column && r.values?.[column] !== undefined && <Value>“{r.values[column]}”</Value>}
            {message}
          </li>
        ))}
      </Errors>
    ),
  },
];

function Summary({ report, applied }: { report: ImportReport; applied: boolean }) {
  const counts: [ImportStatus, number][] = [
    ['created', report.created],
    ['updated', report.updated],
    ['unchanged', report.unchanged],
    ['failed', report.failed],
  ];
  return (
    <SummaryBox role="status" aria-label="สรุปผลการนำเข้า">
      <p>{importHeadline(report, applied)}</p>
      <Counts>
        {counts.map(([status, n]) => (
          <li key={status} data-status={status}>
            {statusLabels[status]} <b>{count(n)}</b>
          </li>
        ))}
      </Counts>
    </SummaryBox>
  );
}

const phaseLabels: Readonly<Record<ImportProgress['phase'], string>> = {
  reading: 'กำลังอ่านไฟล์…',
  checking: 'กำลังตรวจสอบข้อมูล…',
  writing: 'กำลังบันทึกข้อมูล…',
};

/** The server job's phase and rows done; the user may close the dialog and come back to the result. */
function JobProgress({ step, progress }: { step: 'checking' | 'applying'; progress?: ImportProgress }) {
  const counted = progress && progress.phase !== 'reading' && progress.total > 0;
  return (
    <Progress>
      <ProgressBar
        label={step === 'checking' ? 'กำลังตรวจสอบไฟล์' : 'กำลังบันทึก'}
        {...(counted
          ? {
              value: progress.done,
              maxValue: progress.total,
              valueLabel: `${phaseLabels[progress.phase]} ${progress.done.toLocaleString('th-TH')} จาก ${progress.total.toLocaleString('th-TH')} แถว`,
            }
          : {})}
      />
      <p>
        {progress && !counted ? `${phaseLabels[progress.phase]} ` : ''}
        ปิดหน้าต่างนี้ได้ การนำเข้าทำงานต่อที่เซิร์ฟเวอร์ เปิด “นำเข้า Excel” อีกครั้งเพื่อดูผล
      </p>
    </Progress>
  );
}

/**
 * The Excel import dialog, driven by its state: pick a file, see the dry run (failed rows
 * first, each error beside the cell it is about, filter by status), apply, see the result. A
 * report of more rows than it carries (a large file) is paged from the server (`serverRows`).
 */
export function ImportDialogView({
  entity,
  isOpen,
  state,
  fileName,
  validOnly,
  filter,
  error,
  serverRows,
  onPick,
  onDownloadTemplate,
  isDownloadingTemplate = false,
  onValidOnlyChange,
  onFilterChange,
  onCheck,
  onApply,
  onClose,
}: ImportDialogViewProps) {
  const report = 'report' in state ? state.report : undefined;
  const ownRows = useMemo(
    () => (report && !serverRows ? ordered(report.rows, filter) : []),
    [report, filter, serverRows],
  );
  const rows = serverRows?.rows ?? ownRows;
  const busy = state.step === 'checking' || state.step === 'applying';
  const canApply = state.step === 'checked' && report !== undefined && (report.failed === 0 || validOnly);
  return (
    <FormDialog
      isOpen={isOpen}
      mode={state.step === 'applied' ? 'show' : 'edit'}
      title={importTitle(entity)}
      onClose={onClose}
      onSave={state.step === 'checked' ? onApply : onCheck}
      saveLabel={state.step === 'checked' ? 'บันทึกการนำเข้า' : 'ตรวจสอบไฟล์'}
      isSaving={busy}
      isDismissable={!busy}
      maxWidth="md"
    >
      <Body>
        <Template>
          <p>ใช้แม่แบบที่มีหัวคอลัมน์ภาษาไทยครบ หรือไฟล์ที่ “ส่งออก Excel” จากหน้านี้ (คอลัมน์ที่ระบบกำหนดเองจะถูกข้าม)</p>
          <Button
            variant="secondary"
            size="sm"
            icon={<Icon name="download" size={18} />}
            isLoading={isDownloadingTemplate}
            onPress={onDownloadTemplate}
          >
            ดาวน์โหลดแม่แบบ
          </Button>
        </Template>
        <FilePicker
          label="ไฟล์ .xlsx หรือ .csv (UTF-8) ไม่เกิน 20 MB / 100,000 แถว"
          fileName={fileName}
          accept={IMPORT_FILE_TYPES}
          isDisabled={busy}
          onPick={onPick}
        />
        <CheckboxField
          label="บันทึกเฉพาะแถวที่ถูกต้อง (ข้ามแถวที่ผิดพลาด)"
          value={validOnly}
          onChange={onValidOnlyChange}
          isDisabled={busy || (state.step === 'applied' && state.report.applied)}
        />
        {busy && <JobProgress step={state.step} progress={state.progress} />}
        {error && error.length > 0 && (
          <Refused role="alert">
            {error.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </Refused>
        )}
        {report && <Summary report={report} applied={state.step === 'applied'} />}
        {report && state.step === 'checked' && report.failed > 0 && !validOnly && (
          <p>แก้ไขแถวที่ผิดพลาดในไฟล์แล้วตรวจสอบใหม่ หรือเลือก “บันทึกเฉพาะแถวที่ถูกต้อง”</p>
        )}
        {report && (
          <>
            <Filters role="group" aria-label="กรองตามสถานะ">
              {(['all', 'failed', 'created', 'updated', 'unchanged'] as const).map((status) => (
                <Button
                  key={status}
                  size="sm"
                  variant={filter === status ? 'primary' : 'secondary'}
                  aria-pressed={filter === status}
                  onPress={() => onFilterChange(status)}
                >
                  {status === 'all' ? 'ทั้งหมด' : statusLabels[status]}
                </Button>
              ))}
            </Filters>
            <DataGrid<ImportRow>
              label="ผลการตรวจสอบ"
              columns={columns}
              rows={rows}
              getRowKey={(row) => row.row}
              virtualized={rows.length > 200}
              emptyMessage="ไม่มีแถวในสถานะนี้"
              {...(serverRows
                ? {
                    isLoading: serverRows.isLoading,
                    error: serverRows.error ? 'อ่านผลการตรวจสอบไม่สำเร็จ' : null,
                    paging: {
                      page: serverRows.page,
                      pageSize: serverRows.pageSize,
                      total: serverRows.total,
                      pageSizes: REPORT_PAGE_SIZES,
                      onPageChange: serverRows.onPageChange,
                      onPageSizeChange: serverRows.onPageSizeChange,
                    },
                  }
                : {})}
            />
          </>
        )}
        {canApply && validOnly && report.failed > 0 && (
          <p>{`จะบันทึก ${count(report.total - report.failed)} แถว และข้าม ${count(report.failed)} แถวที่ผิดพลาด`}</p>
        )}
      </Body>
    </FormDialog>
  );
}

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;
const Template = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  p {
    flex: 1 1 240px;
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
const Progress = styled.div`
  padding: ${({ theme }) => theme.space[1]} 0;
  p {
    margin: ${({ theme }) => theme.space[1]} 0 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
const Refused = styled.div`
  color: ${({ theme }) => theme.color.danger};
  p {
    margin: 0;
  }
`;
const SummaryBox = styled.div`
  p {
    margin: 0 0 ${({ theme }) => theme.space[1]};
    font-weight: 600;
  }
`;
const Counts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  list-style: none;
  margin: 0;
  padding: 0;
`;
const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]};
`;
const Status = styled.span`
  &[data-status='failed'] {
    color: ${({ theme }) => theme.color.danger};
    font-weight: 600;
  }
`;
const Errors = styled.ul`
  margin: 0;
  padding-left: 1em;
  strong {
    margin-right: 0.5em;
  }
`;
const Value = styled.span`
  margin-right: 0.5em;
`;
