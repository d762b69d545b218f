import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import { setInteractionModality } from 'react-aria/useFocusVisible';
import { useMenuTrigger } from 'react-aria/useMenu';
import {
  Menu,
  MenuContext,
  MenuItem,
  OverlayTriggerStateContext,
  Popover,
  PopoverContext,
  Provider,
  RootMenuTriggerStateContext,
  Separator,
} from 'react-aria-components';
import type { RootMenuTriggerState } from 'react-stately/useMenuTriggerState';
import styled from 'styled-components';
import { Icon, type IconName } from '../Icon/index.ts';
import { messages } from '../messages.ts';
import type { AccountMenuProps, OpenedBy } from './types.ts';

type AccountAction = 'changePassword' | 'selectBranch' | 'buddhistEra' | 'logout';

export interface AccountMenuPopoverProps extends AccountMenuProps {
  readonly state: RootMenuTriggerState;
  readonly triggerRef: RefObject<HTMLButtonElement | null>;
  /** The button's id (it labels the menu) and the menu's (the button's `aria-controls`). */
  readonly triggerId: string;
  readonly menuId: string;
  readonly openedBy: OpenedBy;
}

/**
 * The account menu's open part: the contexts react-aria's MenuTrigger would give, then the popover.
 * `useMenuTrigger` runs here for the menu's props (focus on open, close) and its close-on-scroll
 * hook; the button's own props are AccountMenu's, so the ids come from there.
 */
export function AccountMenuPopover({
  username,
  email,
  branchLabel,
  onChangePassword,
  onSelectBranch,
  onLogout,
  buddhistEra = false,
  onToggleBuddhistEra,
  state,
  triggerRef,
  triggerId,
  menuId,
  openedBy,
}: AccountMenuPopoverProps) {
  const { menuProps: triggerMenuProps } = useMenuTrigger({ type: 'menu' }, state, triggerRef);
  const menuProps = { ...triggerMenuProps, id: menuId, 'aria-labelledby': triggerId };
  // The button is not react-aria's, which would have told react-aria how the menu was opened:
  // keyboard focus rings on the items for keys, none for a mouse. A layout effect: before the
  // menu's own effects focus an item.
  useLayoutEffect(() => {
    if (state.isOpen) setInteractionModality(openedBy);
  }, [state.isOpen, openedBy]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const actions: Record<AccountAction, () => void> = {
    changePassword: onChangePassword,
    selectBranch: onSelectBranch,
    buddhistEra: () => onToggleBuddhistEra?.(),
    logout: onLogout,
  };
  return (
    <Provider
      values={[
        [MenuContext, { ...menuProps, ref: scrollRef }],
        [OverlayTriggerStateContext, state],
        [RootMenuTriggerStateContext, state],
        [
          PopoverContext,
          {
            trigger: 'MenuTrigger',
            triggerRef,
            scrollRef,
            placement: 'bottom start',
            'aria-labelledby': menuProps['aria-labelledby'],
          },
        ],
      ]}
    >
      <StyledPopover placement="bottom end" data-overlay="">
        <Who>
          <strong>{username}</strong>
          {email && <span>{email}</span>}
        </Who>
        <StyledMenu aria-label={messages.accountMenu} onAction={(key) => actions[key as AccountAction]()}>
          <Item id="changePassword" icon="key" textValue={messages.changePassword}>
            <span>{messages.changePassword}</span>
          </Item>
          <Item id="selectBranch" icon="building" textValue={messages.selectBranch}>
            <span>{messages.selectBranch}</span>
            {branchLabel && <Description>{branchLabel}</Description>}
          </Item>
          {onToggleBuddhistEra && (
            <Item id="buddhistEra" icon="calendar" textValue={messages.buddhistEra}>
              <span>{messages.buddhistEra}</span>
              <Description>{buddhistEra ? messages.buddhistEraOn : messages.buddhistEraOff}</Description>
            </Item>
          )}
          <StyledSeparator />
          <Item id="logout" icon="logout" textValue={messages.logout}>
            <span>{messages.logout}</span>
          </Item>
        </StyledMenu>
      </StyledPopover>
    </Provider>
  );
}

function Item({
  id,
  icon,
  textValue,
  children,
}: {
  id: AccountAction;
  icon: IconName;
  textValue: string;
  children: ReactNode;
}) {
  return (
    <StyledItem id={id} textValue={textValue}>
      <Icon name={icon} size={20} />
      <Labels>{children}</Labels>
    </StyledItem>
  );
}

const StyledPopover = styled(Popover)`
  min-width: 240px;
  max-width: min(320px, 95vw);
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.md};
  outline: none;
`;

const Who = styled.div`
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  overflow-wrap: anywhere;
  & > span { color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

const StyledMenu = styled(Menu)`
  padding: ${({ theme }) => theme.space[1]} 0;
  outline: none;
`;

const StyledItem = styled(MenuItem)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  min-height: 44px;
  padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[4]};
  cursor: pointer;
  outline: none;
  &[data-focused] { background: ${({ theme }) => theme.color.secondary}; }
`;

const Labels = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const Description = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StyledSeparator = styled(Separator)`
  margin: ${({ theme }) => theme.space[1]} 0;
  border: 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;
