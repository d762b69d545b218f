import { lazy, Suspense, useRef, useState } from 'react';
import { useMenuTrigger } from 'react-aria/useMenu';
import { Button, ButtonContext } from 'react-aria-components';
import { useMenuTriggerState } from 'react-stately/useMenuTriggerState';
import styled from 'styled-components';
import { Icon } from '../Icon/index.ts';
import type { AccountMenuProps } from './types.ts';

/** The open menu (react-aria's Menu, Popover and collections): loaded the first time the button is pressed. */
const AccountMenuPopover = lazy(() =>
  import('./AccountMenuPopover.tsx').then((m) => ({ default: m.AccountMenuPopover })),
);

/**
 * The top bar's account button and its menu. What react-aria's MenuTrigger does, in two parts:
 * the trigger's state and button here (in every screen's shell), the menu in
 * AccountMenuPopover.tsx, fetched on the first press and kept mounted after.
 */
export function AccountMenu(props: AccountMenuProps) {
  const { username, avatar, compact = false } = props;
  const state = useMenuTriggerState({});
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { menuTriggerProps, menuProps } = useMenuTrigger({ type: 'menu' }, state, triggerRef);
  const [wanted, setWanted] = useState(false);
  if (state.isOpen && !wanted) setWanted(true);
  return (
    <>
      <ButtonContext.Provider value={{ ...menuTriggerProps, isPressed: state.isOpen }}>
        <Trigger ref={triggerRef} aria-label={compact ? username : undefined}>
          <Avatar aria-hidden="true">{avatar ?? <Icon name="user" size={20} />}</Avatar>
          {!compact && <Name>{username}</Name>}
          <Icon name="chevron-down" size={18} />
        </Trigger>
      </ButtonContext.Provider>
      {wanted && (
        <Suspense fallback={null}>
          <AccountMenuPopover {...props} state={state} menuProps={menuProps} triggerRef={triggerRef} />
        </Suspense>
      )}
    </>
  );
}

const Trigger = styled(Button)`
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
