import type { MouseEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { isControl } from './GridRow.tsx';
import { Checkbox, Skeleton, updatingRows } from './GridTable.styles.ts';
import type { DataGridColumn, GridSelection, RowKey } from './types.ts';

interface GridCardsProps<Row> {
  readonly ariaLabel: string;
  readonly columns: readonly DataGridColumn<Row>[];
  readonly rows: readonly Row[];
  readonly getRowKey: (row: Row) => RowKey;
  readonly selection?: GridSelection;
  readonly selectionLabel: (row: Row, index: number) => string;
  readonly status?: ReactNode;
  readonly isLoading: boolean;
  /** The cards are the last answer's, the next on its way: kept, dimmed and inert (DataGrid). */
  readonly isUpdating: boolean;
  readonly skeletonRows: number;
  /** Opens a row, as a click on a table row does: a tap on its title (a button) or on the card. */
  readonly onRowAction?: (row: Row) => void;
}

/**
 * Phones: one card per row, each field as header/value; the first column is the card title. With
 * `onRowAction` the title is a button that opens the row (the shipment number a driver taps), and
 * a tap anywhere on the card outside its own controls does the same.
 */
export function GridCards<Row>({
  ariaLabel,
  columns,
  rows,
  getRowKey,
  selection,
  selectionLabel,
  status,
  isLoading,
  isUpdating,
  skeletonRows,
  onRowAction,
}: GridCardsProps<Row>) {
  if (isLoading) {
    return (
      <List aria-label={ariaLabel} aria-busy="true">
        {Array.from({ length: Math.min(skeletonRows, 3) }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
          <Card key={i}>
            <Skeleton aria-hidden="true" />
            <Skeleton aria-hidden="true" />
          </Card>
        ))}
      </List>
    );
  }
  if (status) return <Status>{status}</Status>;
  const [titleColumn, ...fieldColumns] = columns;
  const cell = (column: DataGridColumn<Row>, row: Row) =>
    column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '');
  return (
    <List
      aria-label={ariaLabel}
      aria-busy={isUpdating || undefined}
      inert={isUpdating || undefined}
      data-updating={isUpdating || undefined}
    >
      {rows.map((row, index) => {
        const key = getRowKey(row);
        const selected = selection?.selected.has(key) ?? false;
        return (
          <Card
            key={String(key)}
            data-selected={selected || undefined}
            data-action={onRowAction ? true : undefined}
            onClick={
              onRowAction &&
              ((event: MouseEvent) => {
                if (!isControl(event.target)) onRowAction(row);
              })
            }
          >
            <Title>
              {selection && (
                <Checkbox
                  type="checkbox"
                  checked={selected}
                  aria-label={selectionLabel(row, index)}
                  onChange={() => selection.toggle(key)}
                />
              )}
              {titleColumn && (
                <CardTitle
                  content={cell(titleColumn, row)}
                  onOpen={onRowAction && (() => onRowAction(row))}
                />
              )}
            </Title>
            <Fields>
              {fieldColumns.map((column) => (
                <Field key={column.key}>
                  <dt>{column.header}</dt>
                  <dd data-align={column.align}>{cell(column, row)}</dd>
                </Field>
              ))}
            </Fields>
          </Card>
        );
      })}
    </List>
  );
}

/**
 * The card's title: a button that opens the row when it may be opened and the title is plain text
 * (a title that brings its own link or button keeps it, and the card's tap opens the row).
 */
function CardTitle({ content, onOpen }: { readonly content: ReactNode; readonly onOpen?: () => void }) {
  const plain = typeof content === 'string' || typeof content === 'number';
  if (!onOpen || !plain) return <strong>{content}</strong>;
  return (
    <TitleButton type="button" onClick={onOpen}>
      {content}
    </TitleButton>
  );
}

const List = styled.ul`
  ${updatingRows}
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  &[data-selected] { border-color: ${({ theme }) => theme.color.primary}; background: ${({ theme }) => theme.color.secondary}; }
  &[data-action] { cursor: pointer; }
`;

const TitleButton = styled.button`
  min-height: ${({ theme }) => theme.size.inputHeight};
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.primary};
  font: inherit;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  text-align: start;
  text-decoration: underline;
  text-underline-offset: 3px;
  overflow-wrap: anywhere;
  cursor: pointer;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
`;

const Title = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  overflow-wrap: anywhere;
`;

const Fields = styled.dl`
  display: grid;
  grid-template-columns: minmax(90px, 40%) 1fr;
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
  margin: 0;
`;

const Field = styled.div`
  display: contents;
  & > dt { color: ${({ theme }) => theme.color.textMuted}; }
  /* A long value wraps, up to three lines: a 2,000-character one does not make the card a page long. */
  & > dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    overflow: hidden;
  }
  & > dd[data-align='end'] { font-variant-numeric: tabular-nums; }
`;

const Status = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[6]} ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;
`;
