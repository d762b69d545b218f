import { Button, Icon, MenuButton } from '@lms/design-system';
import { bulkText, type EntityDef, type FieldDef } from '@lms/domain';
import type { ComponentType } from 'react';
import styled from 'styled-components';
import type { ListQuery } from '../data/entityKeys.ts';
import { useExport } from '../pages/useExport.ts';
import type { SelectionPartProps } from '../slots/types.ts';
import type { BulkTarget } from './bulkTarget.ts';

export interface BulkToolbarProps {
  readonly entity: EntityDef;
  readonly target: BulkTarget;
  readonly allMatching: boolean;
  /** Offered once the whole page is picked and more rows match; `tooMany` when one action could not take them all. */
  readonly offerAllMatching: { readonly total: number; readonly tooMany: boolean } | null;
  readonly onSelectAllMatching: () => void;
  readonly onClear: () => void;
  /** Absent without the delete right. */
  readonly onDelete?: (() => void) | undefined;
  /** The bulk-editable fields the user may set (none: no "set" menu). */
  readonly fields: readonly FieldDef[];
  readonly onSet: (field: FieldDef) => void;
  /** The export of the selection (the list's own export on these rows); absent without the right. */
  readonly exportQuery?: ListQuery | undefined;
  /** What the entity does with picked rows (print their documents), in the same bar. */
  readonly SelectionActions?: ComponentType<SelectionPartProps> | undefined;
}

/**
 * The bar over the grid while rows are picked: how many, "all matching the filter", and the
 * actions — delete, set a field, export, and the entity's own (print) — each on the same target.
 */
export function BulkToolbar({
  entity,
  target,
  allMatching,
  offerAllMatching,
  onSelectAllMatching,
  onClear,
  onDelete,
  fields,
  onSet,
  exportQuery,
  SelectionActions,
}: BulkToolbarProps) {
  return (
    <Bar>
      {allMatching ? (
        <strong>{bulkText.allMatchingSelected(target.count)}</strong>
      ) : offerAllMatching ? (
        offerAllMatching.tooMany ? (
          <Note>{bulkText.tooMany}</Note>
        ) : (
          <Button variant="ghost" size="sm" onPress={onSelectAllMatching}>
            {bulkText.selectAllMatching(offerAllMatching.total)}
          </Button>
        )
      ) : null}
      <Actions>
        {onDelete && (
          <Button variant="danger" size="sm" icon={<Icon name="delete" size={16} />} onPress={onDelete}>
            {bulkText.delete}
          </Button>
        )}
        {fields.length > 0 && (
          <MenuButton
            label={bulkText.set}
            icon="edit"
            items={fields.map((field) => ({ id: field.name, label: field.label }))}
            onAction={(name) => {
              const field = fields.find((candidate) => candidate.name === name);
              if (field) onSet(field);
            }}
          />
        )}
        {exportQuery && <ExportSelection entity={entity} query={exportQuery} />}
        {SelectionActions && <SelectionActions entity={entity} ids={target.ids} />}
        <Button variant="ghost" size="sm" onPress={onClear}>
          {bulkText.clearSelection}
        </Button>
      </Actions>
    </Bar>
  );
}

/** The list's Excel export, on the selection: its ids, or the filter when all matching are meant. */
function ExportSelection({ entity, query }: { readonly entity: EntityDef; readonly query: ListQuery }) {
  const exporter = useExport(entity, query);
  return (
    <Button
      variant="secondary"
      size="sm"
      icon={<Icon name="download" size={16} />}
      isLoading={exporter.isExporting}
      onPress={exporter.run}
    >
      {bulkText.export}
    </Button>
  );
}

const Bar = styled.div`
  display: flex;
  flex: 1 1 auto;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Note = styled.span`
  overflow-wrap: anywhere;
`;
