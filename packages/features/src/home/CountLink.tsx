import { countText } from '@lms/design-system';
import { canOpenRoute, type HomeCount, pageAt } from '@lms/domain';
import { useSession } from '@lms/entity-pages';
import type { MouseEvent, ReactNode } from 'react';
import styled, { css } from 'styled-components';

/**
 * Moves to a link inside the app without reloading it (the host gives its router's navigate);
 * without one, a link is an ordinary page load.
 */
export type Navigate = (href: string) => void;

/** Whether the signed-in user may open the page a link goes to (spec §6's page rule). */
export function useCanOpen() {
  const { user } = useSession();
  return (href: string | null): href is string => {
    if (!href || !user) return false;
    const page = pageAt(new URL(href, 'http://lms.invalid').pathname);
    return !!page && canOpenRoute(user.roles, page);
  };
}

/** Plain left clicks go through the router; a new tab or window keeps the browser's way. */
export function routerClick(navigate: Navigate | undefined, href: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (!navigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    navigate(href);
  };
}

/**
 * One number of the home and what it counts: a link to the list filtered to exactly those rows
 * when the user may open that list, else the number alone.
 */
export function CountLink({
  label,
  value,
  navigate,
  tone = 'plain',
  note,
}: {
  readonly label: string;
  readonly value: HomeCount;
  readonly navigate?: Navigate | undefined;
  /** `attention`: a number that means work waiting (shown stronger when above zero). */
  readonly tone?: 'plain' | 'attention';
  readonly note?: ReactNode;
}) {
  const canOpen = useCanOpen();
  const body = (
    <>
      {/* Past the lists' count limit, "มากกว่า 10,000", as the list it opens says its total. */}
      <Figure data-testid="count">{countText(value.count, value.countIsLowerBound)}</Figure>
      <Label>{label}</Label>
      {note && <Note>{note}</Note>}
    </>
  );
  const attention = tone === 'attention' && value.count > 0 ? true : undefined;
  return canOpen(value.href) ? (
    <Tile as="a" href={value.href} onClick={routerClick(navigate, value.href)} data-attention={attention}>
      {body}
    </Tile>
  ) : (
    <Tile data-attention={attention}>{body}</Tile>
  );
}

/** A home tile's frame: a number over its label, in a box (a count or a figure). */
export const tileFrame = css`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
`;

const Tile = styled.div`
  ${tileFrame}
  color: inherit;
  text-decoration: none;
  &[href]:hover { border-color: ${({ theme }) => theme.color.primary}; }
  &[href]:focus-visible { outline: 2px solid ${({ theme }) => theme.color.primary}; outline-offset: 2px; }
  &[href] > span:first-child { color: ${({ theme }) => theme.color.primary}; text-decoration: underline; }
  &[data-attention] { border-left: 4px solid ${({ theme }) => theme.color.warning}; }
`;

const Figure = styled.span`
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Label = styled.span`
  overflow-wrap: anywhere;
`;

const Note = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
`;

/** Tiles side by side, as many as fit; one column on a phone. */
export const Tiles = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.space[2]};
`;

/** Today's and tomorrow's tables side by side, one under the other on a phone. */
export const DayTables = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
  gap: ${({ theme }) => theme.space[3]};
`;
