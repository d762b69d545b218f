import styled from 'styled-components';
import { Icon } from '../Icon/Icon.tsx';

/** Someone else with the record open, as the host heard it (presence over the event stream). */
export interface PresentPerson {
  readonly id: string;
  readonly name: string;
  readonly mode: 'viewing' | 'editing';
}

export interface PresenceBadgeProps {
  /** Everyone else with the record open; empty renders nothing. */
  readonly people: readonly PresentPerson[];
}

const SHOWN = 3;

/** `สมชาย, สมหญิง และอีก 2 คน` */
function names(people: readonly PresentPerson[]): string {
  const shown = people.slice(0, SHOWN).map((p) => p.name);
  const more = people.length - shown.length;
  return more > 0 ? `${shown.join(', ')} และอีก ${more} คน` : shown.join(', ');
}

/** What the badge says: editors first (their save can clash with yours), then viewers. */
export function presenceText(people: readonly PresentPerson[]): string {
  const editing = people.filter((p) => p.mode === 'editing');
  const viewing = people.filter((p) => p.mode === 'viewing');
  const parts: string[] = [];
  if (editing.length > 0) parts.push(`${names(editing)} กำลังแก้ไขข้อมูลนี้อยู่`);
  if (viewing.length > 0) parts.push(`${names(viewing)} เปิดดูอยู่`);
  return parts.join(' · ');
}

/**
 * Who else has this record open (issue 22 item 7): a warning while someone edits it (saving may
 * then be refused as stale), a quiet note while others only look. Announced politely when it changes.
 */
export function PresenceBadge({ people }: PresenceBadgeProps) {
  const editing = people.some((p) => p.mode === 'editing');
  return (
    <Live role="status" aria-live="polite">
      {people.length > 0 && (
        <Badge data-editing={editing || undefined}>
          <Icon name={editing ? 'edit' : 'eye'} size={16} />
          <span>{presenceText(people)}</span>
        </Badge>
      )}
    </Live>
  );
}

const Live = styled.div``;

const Badge = styled.p`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0 0 ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid #c9d7ea;
  background: #eef4fb;
  color: #1d3f6e;
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
  & svg { flex: none; margin-top: 3px; }
  &[data-editing] { border-color: #f0c890; background: #fff4e5; color: #6d3d00; }
`;
