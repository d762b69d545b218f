import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  Suspense,
  useId,
  useRef,
  useState,
} from 'react';
import { type RootMenuTriggerState, useMenuTriggerState } from 'react-stately/useMenuTriggerState';
import styled from 'styled-components';
import { useFocusVisible } from '../Button/focusVisible.ts';
import { Icon } from '../Icon/index.ts';
import { lazyComponent } from '../lazyComponent.ts';
import type { AccountMenuProps, OpenedBy } from './types.ts';

/** The open menu (react-aria's Menu, Popover and collections): loaded the first time the button is pressed. */
const AccountMenuPopover = lazyComponent(() =>
  import('./AccountMenuPopover.tsx').then((m) => m.AccountMenuPopover),
);

/** The keys that open the menu from its button, and where they put focus (react-aria's `useMenuTrigger`). */
const OPENING_KEYS: Readonly<Record<string, 'first' | 'last'>> = {
  Enter: 'first',
  ' ': 'first',
  ArrowDown: 'first',
  ArrowUp: 'last',
};

/**
 * The top bar's account button and its menu. What react-aria's MenuTrigger does, in two parts:
 * the trigger's state (react-stately, no react-aria) and a native button here, in every screen's
 * shell; the menu in AccountMenuPopover.tsx, fetched on the first press and kept mounted after.
 * The button does by hand what `useMenuTrigger` gave it, so the shell loads none of react-aria's
 * press, focus and keyboard code (≈ 19 kB gzip with the shell's other buttons, issue 41): a mouse
 * or pen opens the menu as it goes down, focusing the menu; a touch toggles it as it lifts;
 * Enter, Space and ArrowDown open it on its first item, ArrowUp on its last; a screen reader's
 * click opens it on its first item; `aria-haspopup`, `aria-expanded` and `aria-controls` as
 * react-aria sets them.
 */
export function AccountMenu(props: AccountMenuProps) {
  const { username, avatar, compact = false } = props;
  const state = useMenuTriggerState({});
  const triggerRef = useRef<HTMLButtonElement>(null);
  const triggerId = useId();
  const menuId = useId();
  const [openedBy, setOpenedBy] = useState<OpenedBy>('pointer');
  const [wanted, setWanted] = useState(false);
  if (state.isOpen && !wanted) setWanted(true);
  const press = useTriggerPress(state, triggerRef, setOpenedBy);
  const [hovered, setHovered] = useState(false);
  const { isFocusVisible, focusProps } = useFocusVisible();
  return (
    <>
      <Trigger
        ref={triggerRef}
        type="button"
        id={triggerId}
        aria-label={compact ? username : undefined}
        aria-haspopup="true"
        aria-expanded={state.isOpen}
        aria-controls={state.isOpen ? menuId : undefined}
        data-pressed={state.isOpen || undefined}
        data-hovered={hovered || undefined}
        data-focus-visible={isFocusVisible || undefined}
        {...focusProps}
        onPointerEnter={(event) => setHovered(event.pointerType !== 'touch')}
        onPointerLeave={() => setHovered(false)}
        {...press}
      >
        <Avatar aria-hidden="true">{avatar ?? <Icon name="user" size={20} />}</Avatar>
        {!compact && <Name>{username}</Name>}
        <Icon name="chevron-down" size={18} />
      </Trigger>
      {wanted && (
        <Suspense fallback={null}>
          <AccountMenuPopover
            {...props}
            state={state}
            triggerRef={triggerRef}
            triggerId={triggerId}
            menuId={menuId}
            openedBy={openedBy}
          />
        </Suspense>
      )}
    </>
  );
}

/** The button's pointer, click and key handlers: when each kind of press opens the menu, and where focus goes. */
function useTriggerPress(
  state: RootMenuTriggerState,
  triggerRef: { readonly current: HTMLButtonElement | null },
  setOpenedBy: (by: OpenedBy) => void,
) {
  // The pointer that went down last: its click is a touch's press or was handled as the mouse went down.
  const pointer = useRef<string | null>(null);
  const focusTrigger = () => triggerRef.current?.focus({ preventScroll: true });
  return {
    onPointerDown(event: PointerEvent<HTMLButtonElement>) {
      pointer.current = event.pointerType;
      if (event.button !== 0 || event.pointerType === 'touch') return;
      // As react-aria's press: the browser's own focus on mouse down would come after the menu
      // took focus and pull it back, and the menu would then focus its first item. Focus first,
      // so that closing the menu gives focus back here.
      event.preventDefault();
      focusTrigger();
      setOpenedBy('pointer');
      state.open(null);
    },
    onMouseDown(event: MouseEvent<HTMLButtonElement>) {
      if (pointer.current !== 'touch') event.preventDefault();
    },
    onClick() {
      const by = pointer.current;
      pointer.current = null;
      if (by === 'touch') {
        focusTrigger();
        setOpenedBy('pointer');
        state.toggle();
      } else if (by === null) {
        // No pointer went down: a screen reader's (or a script's) click.
        setOpenedBy('virtual');
        state.open('first');
      }
    },
    onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
      const focus = OPENING_KEYS[event.key];
      if (!focus || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      // The key's own click (Enter, Space) would toggle it again.
      event.preventDefault();
      setOpenedBy('keyboard');
      state.toggle(focus);
    },
  };
}

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  max-width: 280px;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space[2]};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  cursor: pointer;
  outline: none;
  &[data-hovered], &[data-pressed] { background: ${({ theme }) => theme.color.background}; }
  &[data-focus-visible] { box-shadow: 0 0 0 2px ${({ theme }) => theme.color.focus}; }
`;

const Avatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  flex-shrink: 0;
  overflow: hidden;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.secondary};
  color: ${({ theme }) => theme.color.secondaryText};
`;

const Name = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
