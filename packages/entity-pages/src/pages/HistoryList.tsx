import { useBuddhistEra } from '@lms/design-system';
import { type EntityDef, formatDateTime } from '@lms/domain';
import styled from 'styled-components';
import type { HistoryEntry } from '../data/entityKeys.ts';
import { useEntityHistory } from '../data/useEntityData.ts';
import { formatChildRows, formatHistoryNote, formatRaw } from './formatValue.ts';

const actionLabels: Record<HistoryEntry['action'], string> = { create: 'สร้าง', update: 'แก้ไข', delete: 'ลบ' };

/** Who changed the record, when, and what: field labels in Thai, values formatted as on screen. */
export function HistoryList({ entity, id }: { readonly entity: EntityDef; readonly id: string }) {
  const history = useEntityHistory(entity, id);
  const buddhistEra = useBuddhistEra(undefined);
  if (history.error) return <p role="alert">{history.error.messages.join('\n')}</p>;
  if (!history.data) return <p role="status">กำลังโหลดประวัติการแก้ไข...</p>;
  if (history.data.length === 0) return <p>ยังไม่มีประวัติการแก้ไข</p>;
  const fieldOf = (name: string) => entity.fields.find((field) => field.name === name);
  const childOf = (name: string) => entity.children?.find((child) => child.name === name);
  const noteOf = (name: string) => entity.historyNotes?.[name];
  const labelOf = (name: string) =>
    fieldOf(name)?.label ?? childOf(name)?.label ?? noteOf(name)?.label ?? name;
  return (
    <Entries>
      {history.data.map((entry) => (
        <li key={entry.id}>
          <p>
            <strong>{actionLabels[entry.action]}</strong> โดย {authorOf(entry)} เมื่อ{' '}
            <time dateTime={entry.at}>{formatDateTime(entry.at, { buddhistEra })}</time>
          </p>
          {Object.keys(entry.changes).length > 0 && (
            <Changes>
              {Object.entries(entry.changes).map(([name, change]) => {
                const field = fieldOf(name);
                const child = childOf(name);
                const note = field || child ? undefined : noteOf(name);
                const labels = entry.labels ?? {};
                const format = (value: unknown) =>
                  child
                    ? formatChildRows(child, value, labels, { buddhistEra })
                    : note
                      ? formatHistoryNote(note, value, { buddhistEra })
                      : formatRaw(field, value, labels, { buddhistEra });
                const pair =
                  entry.action === 'update' && change !== null && typeof change === 'object' && 'to' in change
                    ? (change as { from?: unknown; to?: unknown })
                    : null;
                return (
                  <div key={name}>
                    <dt>{labelOf(name)}</dt>
                    <dd>{pair ? `${format(pair.from)} → ${format(pair.to)}` : format(change)}</dd>
                  </div>
                );
              })}
            </Changes>
          )}
        </li>
      ))}
    </Entries>
  );
}

/**
 * Who wrote the entry: the user (with where from, `import: ลูกค้า.xlsx`, `ลิงก์เที่ยวรถ`), else
 * who acted without an account (`ลูกค้า (ลิงก์นัดส่งสินค้า)`), else the system.
 */
function authorOf(entry: HistoryEntry): string {
  if (entry.userLabel && entry.source) return `${entry.userLabel} (${entry.source})`;
  return entry.userLabel ?? entry.source ?? 'ระบบ';
}

const Entries = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  & > li {
    border-inline-start: 3px solid ${({ theme }) => theme.color.primary};
    padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
    background: ${({ theme }) => theme.color.surface};
  }
  & p { margin: 0; }
`;

const Changes = styled.dl`
  margin: ${({ theme }) => theme.space[2]} 0 0;
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  & > div { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space[2]}; }
  & dt { color: ${({ theme }) => theme.color.textMuted}; }
  & dt::after { content: ':'; }
  & dd { margin: 0; overflow-wrap: anywhere; }
`;
