import { DataGrid, useBuddhistEra } from '@lms/design-system';
import { type ChildDef, type EntityDef, type FieldDef, listColumnWidth, phrase, telHref } from '@lms/domain';
import styled from 'styled-components';
import type { EntityRecord } from '../data/entityKeys.ts';
import { AttachmentsControl } from '../form/AttachmentsControl.tsx';
import { formatField, isNumeric } from './formatValue.ts';

/**
 * A record read-only: every declared field with its Thai label (but those `omit` names: the page's
 * lead shows them), then its child rows. A phone shown whole is a `tel:` link.
 */
export function RecordFields({
  entity,
  record,
  omit = [],
}: {
  readonly entity: EntityDef;
  readonly record: EntityRecord;
  readonly omit?: readonly string[];
}) {
  const buddhistEra = useBuddhistEra(undefined);
  return (
    <>
      <Fields>
        {entity.fields
          .filter((field) => !omit.includes(field.name))
          .map((field) => (
            <div key={field.name} data-wide={field.type === 'attachments' || undefined}>
              <dt>{field.label}</dt>
              <dd>
                {field.type === 'attachments' ? (
                  <AttachmentsControl
                    field={field}
                    value={(record[field.name] as string[] | undefined) ?? []}
                    hideLabel
                  />
                ) : (
                  <FieldValue field={field} text={formatField(field, record, { buddhistEra })} />
                )}
              </dd>
            </div>
          ))}
      </Fields>
      {(entity.children ?? []).map((child) => (
        <ChildRows
          key={child.name}
          child={child}
          rows={(record[child.name] as EntityRecord[] | undefined) ?? []}
        />
      ))}
    </>
  );
}

/** A field's value as the page shows it: a phone shown whole is a link that calls it. */
export function FieldValue({ field, text }: { readonly field: FieldDef; readonly text: string }) {
  const href = field.format === 'tel' ? telHref(text) : null;
  return href ? <a href={href}>{text}</a> : text;
}

export function ChildRows({
  child,
  rows,
}: {
  readonly child: ChildDef;
  readonly rows: readonly EntityRecord[];
}) {
  const buddhistEra = useBuddhistEra(undefined);
  return (
    <section aria-label={child.label}>
      <h3>{child.label}</h3>
      <DataGrid<EntityRecord>
        label={child.label}
        rows={rows}
        getRowKey={(row) => row.id ?? rows.indexOf(row)}
        columns={child.fields.map((field) => ({
          key: field.name,
          header: field.label,
          align: isNumeric(field) ? 'end' : 'start',
          width: listColumnWidth(field),
          render: (row: EntityRecord) => formatField(field, row, { buddhistEra }),
        }))}
        emptyMessage={phrase('ยังไม่มี', child.label)}
      />
    </section>
  );
}

const Fields = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]};
  margin: 0;
  & dt { font-size: ${({ theme }) => theme.font.size.sm}; color: ${({ theme }) => theme.color.textMuted}; }
  & dd { margin: 0; overflow-wrap: anywhere; }
  & > [data-wide] { grid-column: 1 / -1; }
`;
