import { MenuButton } from '@lms/design-system';
import {
  type DocumentKind,
  documentKinds,
  documentKindsOf,
  documentsApi,
  type EntityDef,
  printText,
} from '@lms/domain';
import {
  callForBytes,
  type RecordPartProps,
  type SelectionPartProps,
  useBranchScope,
  usePdfTab,
} from '@lms/entity-pages';
import { useState } from 'react';

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
  const pdf = usePdfTab();
  const [received, setReceived] = useState(0);
  const kinds = documentKindsOf(entity.name);
  if (kinds.length === 0) return null;

  const print = (kind: DocumentKind) => {
    setReceived(0);
    const query = branch();
    return pdf.open(() =>
      ids.length === 1
        ? callForBytes(api, documentsApi[kind], { params: { id: ids[0]! }, query })
        : callForBytes(api, documentsApi.batch, {
            body: { kind, ids },
            query,
            options: { onReceived: setReceived },
          }),
    );
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
      isBusy={pdf.busy}
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
