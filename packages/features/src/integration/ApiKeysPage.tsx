import {
  Alert,
  Button,
  ConfirmDialog,
  DataGrid,
  type DataGridColumn,
  FormDialog,
  ReferenceField,
  TextField,
  useEra,
  useSnackbar,
} from '@lms/design-system';
import { type ApiKey, COLUMN_WIDTHS, type CreatedApiKey, formatDateTime, messagesOfError } from '@lms/domain';
import { localColumnStorage, Page, PageHeader, ROW_ACTIONS_WIDTH, useOptionsLoader } from '@lms/entity-pages';
import { type FormEvent, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useApiKeyActions, useApiKeys } from './apiKeysApi.ts';
import { apiKeyText as text } from './apiKeyText.ts';

/**
 * The administrator's API keys for the ERP (`/apiKey`, issue 18): who holds which key, when it
 * was last used, a new key shown once, and revoking one.
 */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const era = useEra();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey>();
  const [revoking, setRevoking] = useState<ApiKey>();
  const actions = useApiKeyActions();
  const snackbar = useSnackbar();

  const revoke = async (key: ApiKey) => {
    setRevoking(undefined);
    try {
      await actions.revoke(key.id);
      snackbar.success(text.revoked(key.name));
    } catch (error) {
      snackbar.error(messagesOfError(error));
    }
    await keys.mutate();
  };

  // What an administrator scans for first: which key, when it was last used, whether it still
  // works, what it may do and where (issue 43); the rest scrolls, or is chosen in the chooser.
  const columns: DataGridColumn<ApiKey>[] = [
    {
      key: 'name',
      header: text.name,
      pin: 'start',
      alwaysVisible: true,
      width: COLUMN_WIDTHS.name,
      render: (key) => key.name,
    },
    {
      key: 'lastUsedAt',
      header: text.lastUsedAt,
      width: COLUMN_WIDTHS.dateTime,
      render: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt, era) : text.neverUsed),
    },
    {
      key: 'status',
      header: text.status,
      width: COLUMN_WIDTHS.status,
      render: (key) => (key.revokedAt ? text.revokedAt(formatDateTime(key.revokedAt, era)) : text.active),
    },
    {
      key: 'roleGroup',
      header: text.roleGroup,
      width: COLUMN_WIDTHS.reference,
      render: (key) => key.roleGroupLabel,
    },
    {
      key: 'branches',
      header: text.branches,
      width: COLUMN_WIDTHS.reference,
      render: (key) => key.branchLabels.join(', '),
    },
    {
      key: 'prefix',
      header: text.prefix,
      width: COLUMN_WIDTHS.code,
      render: (key) => <code>{key.prefix}…</code>,
    },
    {
      key: 'createdAt',
      header: text.createdAt,
      width: COLUMN_WIDTHS.name,
      render: (key) => [formatDateTime(key.createdAt, era), key.createdByLabel].filter(Boolean).join(' · '),
    },
    {
      key: 'actions',
      header: text.actions,
      pin: 'end',
      alwaysVisible: true,
      width: `${ROW_ACTIONS_WIDTH}px`,
      render: (key) =>
        key.revokedAt ? null : (
          <Button
            variant="danger"
            size="sm"
            onPress={() => setRevoking(key)}
            aria-label={text.revokeOf(key.name)}
          >
            {text.revoke}
          </Button>
        ),
    },
  ];
  const columnStorage = useMemo(() => localColumnStorage('apiKey', []), []);

  return (
    <Page>
      <PageHeader title={text.title}>
        <Button variant="primary" onPress={() => setCreating(true)}>
          {text.create}
        </Button>
      </PageHeader>
      <Intro>{text.intro}</Intro>
      <DataGrid
        label={text.title}
        columns={columns}
        rows={keys.data ?? []}
        getRowKey={(key) => key.id}
        columnStorage={columnStorage}
        isLoading={keys.isLoading}
        error={keys.error ? messagesOfError(keys.error).join(' ') : null}
        onRetry={() => void keys.mutate()}
        emptyMessage={text.empty}
      />
      {creating && (
        <CreateApiKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            void keys.mutate();
          }}
        />
      )}
      {created && <SecretDialog apiKey={created} onClose={() => setCreated(undefined)} />}
      <ConfirmDialog
        isOpen={!!revoking}
        variant="danger"
        title={text.revokeTitle}
        message={revoking ? text.revokeMessage(revoking.name) : ''}
        confirmLabel={text.revoke}
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => setRevoking(undefined)}
      />
    </Page>
  );
}

interface Draft {
  readonly name: string;
  readonly roleGroupId: string | null;
  readonly branchIds: readonly string[];
}

/** The three choices of a key; the server checks them again (and answers its Thai refusals). */
function problemsOf(draft: Draft): Partial<Record<keyof Draft, string>> {
  return {
    ...(draft.name.trim() ? {} : { name: text.required(text.name) }),
    ...(draft.roleGroupId ? {} : { roleGroupId: text.required(text.roleGroup) }),
    ...(draft.branchIds.length > 0 ? {} : { branchIds: text.required(text.branches) }),
  };
}

function CreateApiKeyDialog({
  onClose,
  onCreated,
}: {
  readonly onClose: () => void;
  readonly onCreated: (key: CreatedApiKey) => void;
}) {
  const roleGroups = useOptionsLoader('appRoleGroup');
  const branches = useOptionsLoader('branch');
  const actions = useApiKeyActions();
  const [draft, setDraft] = useState<Draft>({ name: '', roleGroupId: null, branchIds: [] });
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<readonly string[]>([]);
  const problems = problemsOf(draft);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    setRefused([]);
    try {
      onCreated(
        await actions.create({
          name: draft.name.trim(),
          roleGroupId: draft.roleGroupId as string,
          branchIds: [...draft.branchIds],
        }),
      );
    } catch (error) {
      setRefused(messagesOfError(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      isOpen
      mode="create"
      title={text.create}
      formId="api-key-form"
      onClose={onClose}
      isSaving={saving}
      isDismissable={false}
      saveLabel={text.createSave}
    >
      <Form id="api-key-form" onSubmit={submit} noValidate>
        {refused.length > 0 && <Alert>{refused.join(' ')}</Alert>}
        <TextField
          label={text.name}
          description={text.nameHint}
          value={draft.name}
          onChange={(name) => setDraft({ ...draft, name })}
          error={problems.name}
          touched={submitted}
          isRequired
        />
        <ReferenceField
          label={text.roleGroup}
          description={text.roleGroupHint}
          value={draft.roleGroupId}
          onChange={(roleGroupId) => setDraft({ ...draft, roleGroupId: roleGroupId as string | null })}
          loadOptions={roleGroups.search}
          loadLabels={(ids) => roleGroups.byIds(ids.map(String))}
          error={problems.roleGroupId}
          touched={submitted}
          isRequired
        />
        <ReferenceField
          selectionMode="multiple"
          label={text.branches}
          value={draft.branchIds}
          onChange={(branchIds) => setDraft({ ...draft, branchIds: branchIds as string[] })}
          loadOptions={branches.search}
          loadLabels={(ids) => branches.byIds(ids.map(String))}
          error={problems.branchIds}
          touched={submitted}
          isRequired
        />
      </Form>
    </FormDialog>
  );
}

/** The secret, this once: the server keeps only its hash. */
function SecretDialog({ apiKey, onClose }: { readonly apiKey: CreatedApiKey; readonly onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(apiKey.secret);
    setCopied(true);
  };
  return (
    <FormDialog
      isOpen
      mode="show"
      title={text.createdTitle(apiKey.name)}
      onClose={onClose}
      isDismissable={false}
    >
      <Alert tone="warning">{text.showOnce}</Alert>
      <Secret aria-label={text.secret}>{apiKey.secret}</Secret>
      <Button onPress={() => void copy()}>{copied ? text.copied : text.copy}</Button>
    </FormDialog>
  );
}

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

const Secret = styled.output`
  display: block;
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  font-family: monospace;
  overflow-wrap: anywhere;
  user-select: all;
`;
