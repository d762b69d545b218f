import { memo, type ReactNode, useId, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { Icon, type IconName } from '../Icon/index.ts';
import { isGroupOpen } from './navState.ts';

export interface NavItem {
  readonly key: string;
  readonly label: string;
  readonly icon: IconName;
  readonly href: string;
}

export interface NavGroup {
  readonly key: string;
  readonly label: string;
  readonly items: readonly NavItem[];
}

/** What the shell hands to `renderLink`; spread it onto a router link (or an `<a>`). */
export interface NavLinkProps {
  readonly href: string;
  readonly children: ReactNode;
  readonly 'aria-current'?: 'page';
  readonly 'aria-label'?: string;
  readonly onClick?: () => void;
}

export type RenderNavLink = (props: NavLinkProps) => ReactNode;

export const renderAnchor: RenderNavLink = (props) => <a {...props} />;

interface NavMenuProps {
  readonly groups: readonly NavGroup[];
  /** The one item lit (`activeHrefOf`), not the page's URL: a move within its page leaves the menu. */
  readonly activeHref: string | null;
  readonly renderLink: RenderNavLink;
  /** Icon rail: labels hidden (kept as accessible names), groups always shown. */
  readonly rail: boolean;
  /** Per-group open flag by key; a missing key means open (`NavState.groupsOpen`). */
  readonly groupsOpen: Readonly<Record<string, boolean>>;
  readonly onToggleGroup: (key: string) => void;
  readonly onNavigate?: () => void;
}

/**
 * The drawer's menu. Memoized (issue 41): the shell draws again on every URL change, and a page
 * whose URL changes under the same entry (the booking wizard's steps, a list's query) must not
 * draw the menu's links with it.
 */
export const NavMenu = memo(function NavMenu({
  groups,
  activeHref,
  renderLink,
  rail,
  groupsOpen,
  onToggleGroup,
  onNavigate,
}: NavMenuProps) {
  return (
    <Groups data-rail={rail || undefined}>
      {groups.map((group) => (
        <NavGroupSection
          key={group.key}
          group={group}
          open={rail || isGroupOpen({ groupsOpen }, group.key)}
          rail={rail}
          onToggle={() => onToggleGroup(group.key)}
          renderItem={(item) => {
            const active = item.href === activeHref;
            return (
              <Item key={item.key} data-active={active || undefined}>
                {renderLink({
                  href: item.href,
                  'aria-current': active ? 'page' : undefined,
                  'aria-label': rail ? item.label : undefined,
                  onClick: onNavigate,
                  children: (
                    <>
                      <Icon name={item.icon} size={22} />
                      {!rail && <ItemLabel>{item.label}</ItemLabel>}
                    </>
                  ),
                })}
              </Item>
            );
          }}
        />
      ))}
    </Groups>
  );
});

interface NavGroupSectionProps {
  readonly group: NavGroup;
  readonly open: boolean;
  readonly rail: boolean;
  readonly onToggle: () => void;
  readonly renderItem: (item: NavItem) => ReactNode;
}

function NavGroupSection({ group, open, rail, onToggle, renderItem }: NavGroupSectionProps) {
  const listId = useId();
  // Fades only once toggled by hand: the first screen draws its open groups at once.
  const [toggled, setToggled] = useState(false);
  return (
    <li>
      {rail ? (
        <Divider aria-hidden="true" />
      ) : (
        <GroupHeader
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => {
            setToggled(true);
            onToggle();
          }}
        >
          <span>{group.label}</span>
          <Icon name={open ? 'chevron-up' : 'chevron-down'} size={18} />
        </GroupHeader>
      )}
      {/* Kept mounted when closed (hidden), so the header's aria-controls always names a list. */}
      <Items
        id={listId}
        aria-label={rail ? group.label : undefined}
        hidden={!open}
        data-toggled={toggled || undefined}
      >
        {group.items.map(renderItem)}
      </Items>
    </li>
  );
}

const Groups = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space[2]} 0;
`;

const Divider = styled.hr`
  border: 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  margin: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
`;

const GroupHeader = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  width: 100%;
  min-height: 40px;
  padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[4]};
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-align: start;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.color.background}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: -2px; }
`;

const groupFadeIn = keyframes`
  from { opacity: 0; transform: translateY(-4px); }
`;

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  /* The group's fade, in CSS alone (Headless UI's Transition was 4.8 kB of the shell, issue 41):
     in, a keyframe run as the list is shown; out, a transition that holds display until it ends. */
  &[data-toggled] {
    animation: ${groupFadeIn} 150ms ease-out;
    transition: opacity 150ms ease-out, transform 150ms ease-out, display 150ms allow-discrete;
  }
  &[hidden] { display: none; opacity: 0; transform: translateY(-4px); }
  @media (prefers-reduced-motion: reduce) { animation: none; transition: none; }
`;

const Item = styled.li`
  & > a {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[3]};
    min-height: 44px;
    margin: 2px ${({ theme }) => theme.space[2]};
    padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
    border-radius: ${({ theme }) => theme.radius.md};
    color: ${({ theme }) => theme.color.text};
    text-decoration: none;
  }
  & > a:hover { background: ${({ theme }) => theme.color.background}; }
  & > a:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: -2px; }
  &[data-active] > a {
    background: ${({ theme }) => theme.color.secondary};
    color: ${({ theme }) => theme.color.secondaryText};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  [data-rail] & > a { justify-content: center; padding: ${({ theme }) => theme.space[2]}; }
`;

const ItemLabel = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
`;
