import { MenuButton, useSnackbar } from '@lms/design-system';
import {
  type DocumentKind,
  documentKinds,
  documentKindsOf,
  documentsApi,
  type EntityDef,
  MESSAGES,
  printText,
} from '@lms/domain';
import {
  ApiError,
  callForBytes,
  type RecordPartProps,
  type SelectionPartProps,
  useBranchScope,
} from '@lms/entity-pages';
import { useState } from 'react';
import { openPdfTab } from './openPdfTab.ts';

/**
 * "พิมพ์": the documents printable from these records (docs/documents.md), one PDF opened in a new
 * tab, the browser's own viewer. One record prints its own document; several print as a batch.
 */
export function PrintMenu({
  entity,
  ids,
  label = printText.print,
}: {
  entity: EntityDef;
  ids: readonly string[];
  label?: string;
}) {
  // Every record with documents is a branch's (bookings, shipments, DOs): the branch is required.
  const { api, branch } = useBranchScope();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [received, setReceived] = useState(0);
  const kinds = documentKindsOf(entity.name);
  if (kinds.length === 0) return null;

  const print = async (kind: DocumentKind) => {
    setBusy(true);
    setReceived(0);
    try {
      const query = branch();
      await openPdfTab(async () => {
        const { blob } =
          ids.length === 1
            ? await callForBytes(api, documentsApi[kind], { params: { id: ids[0]! }, query })
            : await callForBytes(api, documentsApi.batch, {
                body: { kind, ids },
                query,
                options: { onReceived: setReceived },
              });
        return blob;
      });
    } catch (error) {
      snackbar.error(error instanceof ApiError ? [...error.messages] : MESSAGES.downloadFailed.text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <MenuButton
      label={label}
      icon="file"
      items={kinds.map((kind) => ({
        id: kind,
        label: documentKinds[kind].title,
        isDisabled: ids.length === 0,
      }))}
      onAction={(kind) => void print(kind as DocumentKind)}
      isBusy={busy}
      busyLabel={printText.making(ids.length, received)}
    />
  );
}

/** The detail page's print menu (its record). */
export const PrintRecord = ({ entity, record }: RecordPartProps) => (
  <PrintMenu entity={entity} ids={[record.id]} />
);

/** The list's print menu, in the bar of its selected rows: one batch, in the order they were picked. */
export const PrintSelected = ({ entity, ids }: SelectionPartProps) => <PrintMenu entity={entity} ids={ids} />;
