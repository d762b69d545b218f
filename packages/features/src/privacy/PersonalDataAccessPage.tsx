import {
  Button,
  DataGrid,
  type DataGridColumn,
  DateField,
  SelectField,
  useEra,
  useSnackbar,
} from '@lms/design-system';
import {
  ACCESS_LOG_PAGE_SIZE,
  type AccessLogEntry,
  type AccessLogPage,
  type AccessLogQuery,
  entities,
  formatDateTime,
  messagesOfError,
  type PersonalDataAction,
  personalDataActionLabels,
  personalDataActions,
  privacyApi,
} from '@lms/domain';
import {
  type ApiError,
  call,
  callForBytes,
  operationPath,
  Page,
  PageHeader,
  saveBlob,
  useApi,
} from '@lms/entity-pages';
import { useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { privacyText as text } from './privacyText.ts';

/** The entities that hold personal data: the log speaks only of them. */
const personalEntities = entities.filter((e) => e.fields.some((f) => f.personal));

interface Filters {
  readonly action: PersonalDataAction | null;
  readonly entity: string | null;
  readonly from: string | null;
  readonly to: string | null;
}

const fieldLabels = (entry: AccessLogEntry) => {
  const entity = personalEntities.find((e) => e.name === entry.entity);
  return entry.fields.map((name) => entity?.fields.find((f) => f.name === name)?.label ?? name).join(', ');
};

/** What else the line says, in words: a masked or whole file, the history, the ERP, a request. */
function detailOf(entry: AccessLogEntry): string {
  const detail = entry.detail ?? {};
  return [
    entry.action === 'export' &&
      'masked' in detail &&
      (detail.masked ? text.details.masked : text.details.whole),
    detail.history && text.details.history,
    detail.integration && text.details.integration,
    detail.person && text.details.person,
  ]
    .filter((part): part is string => typeof part === 'string')
    .join(' · ');
}

const recordOf = (entry: AccessLogEntry) => {
  const title = personalEntities.find((e) => e.name === entry.entity)?.title ?? entry.entity;
  const label = entry.recordId ? (entry.recordLabel ?? text.deletedRecord) : text.manyRecords;
  return `${title}: ${label}`;
};

/**
 * The administrator's PDPA screen (docs/privacy.md): who read, exported or erased whose
 * personal data, when, filtered by action, kind of record and days; and, for a data-subject
 * request, one person's data as a JSON file (the server logs that export too).
 */
export function PersonalDataAccessPage() {
  const api = useApi();
  const snackbar = useSnackbar();
  const era = useEra();
  const [filters, setFilters] = useState<Filters>({ action: null, entity: null, from: null, to: null });
  const [page, setPage] = useState(1);
  const badRange = !!filters.from && !!filters.to && filters.from > filters.to;
  const query: AccessLogQuery = {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.entity ? { entity: filters.entity } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    page: page - 1,
  };
  const log = useSWR<AccessLogPage, ApiError>(
    badRange ? null : [operationPath(privacyApi.accessLog), JSON.stringify(query)],
    () => call(api, privacyApi.accessLog, { query }),
  );
  const filter = (change: Partial<Filters>) => {
    setFilters({ ...filters, ...change });
    setPage(1);
  };

  const exportPerson = async (entry: AccessLogEntry) => {
    const label = entry.recordLabel ?? '';
    try {
      const { blob, fileName } = await callForBytes(api, privacyApi.personalData, {
        params: { entity: entry.entity, id: entry.recordId as string },
      });
      saveBlob(blob, fileName ?? `personal-data-${entry.recordId}.json`);
      snackbar.success(text.exported(label));
    } catch (error) {
      snackbar.error(messagesOfError(error));
    }
    await log.mutate();
  };

  const columns: DataGridColumn<AccessLogEntry>[] = [
    {
      key: 'at',
      header: text.at,
      pin: 'start',
      alwaysVisible: true,
      width: '10rem',
      render: (e) => formatDateTime(e.at, era),
    },
    { key: 'record', header: text.record, width: '16rem', render: recordOf },
    { key: 'action', header: text.action, width: '9rem', render: (e) => personalDataActionLabels[e.action] },
    { key: 'user', header: text.user, width: '14rem', render: (e) => e.userLabel ?? text.unknownUser },
    { key: 'fields', header: text.fields, width: '12rem', render: fieldLabels },
    { key: 'detail', header: text.detail, width: '12rem', render: detailOf },
    {
      key: 'export',
      header: text.actions,
      pin: 'end',
      alwaysVisible: true,
      // Its button on one line (no value sizes a column: the grid's widths are declared).
      width: '9rem',
      render: (e) =>
        e.recordId && e.recordLabel ? (
          <Button size="sm" onPress={() => void exportPerson(e)} aria-label={text.exportOf(e.recordLabel)}>
            {text.export}
          </Button>
        ) : null,
    },
  ];

  return (
    <Page>
      <PageHeader title={text.title} />
      <Intro>{text.intro}</Intro>
      <FilterBar>
        <SelectField
          label={text.action}
          value={filters.action ?? ''}
          options={[
            { id: '', label: text.all },
            ...personalDataActions.map((id) => ({ id, label: personalDataActionLabels[id] })),
          ]}
          onChange={(action) => filter({ action: (action || null) as PersonalDataAction | null })}
        />
        <SelectField
          label={text.entity}
          value={filters.entity ?? ''}
          options={[
            { id: '', label: text.all },
            ...personalEntities.map((e) => ({ id: e.name, label: e.title })),
          ]}
          onChange={(entity) => filter({ entity: entity ? String(entity) : null })}
        />
        <DateField
          label={text.from}
          value={filters.from}
          onChange={(from) => filter({ from })}
          holdWhileTyping
        />
        <DateField
          label={text.to}
          value={filters.to}
          onChange={(to) => filter({ to })}
          holdWhileTyping
          error={badRange ? text.badRange : undefined}
        />
      </FilterBar>
      <DataGrid
        label={text.title}
        columns={columns}
        rows={log.data?.items ?? []}
        getRowKey={(e) => e.id}
        isLoading={log.isLoading}
        error={log.error ? messagesOfError(log.error).join(' ') : null}
        onRetry={() => void log.mutate()}
        emptyMessage={text.empty}
        paging={{
          page,
          pageSize: ACCESS_LOG_PAGE_SIZE,
          total: log.data?.total ?? 0,
          onPageChange: setPage,
          onPageSizeChange: () => {},
          pageSizes: [ACCESS_LOG_PAGE_SIZE],
        }}
      />
    </Page>
  );
}

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const FilterBar = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.space[3]};
`;
