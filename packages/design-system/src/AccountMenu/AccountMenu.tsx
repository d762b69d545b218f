import type { ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import styled from 'styled-components';
import { Icon, type IconName } from '../Icon/index.ts';
import { messages } from '../messages.ts';

export interface AccountMenuProps {
  readonly username: string;
  readonly email?: string | null;
  /** Label of the current branch, shown under "select branch". */
  readonly branchLabel?: string | null;
  /** Replaces the default person icon, e.g. a picture. */
  readonly avatar?: ReactNode;
  /** Phones: the button shows only the avatar; the name stays in the menu and the accessible name. */
  readonly compact?: boolean;
  readonly onChangePassword: () => void;
  readonly onSelectBranch: () => void;
  readonly onLogout: () => void;
  /** The user's พ.ศ. setting (printed documents follow it): shown only with its handler. */
  readonly buddhistEra?: boolean;
  readonly onToggleBuddhistEra?: () => void;
}

type AccountAction = 'changePassword' | 'selectBranch' | 'buddhistEra' | 'logout';

export function AccountMenu({
  username,
  email,
  branchLabel,
  avatar,
  compact = false,
  onChangePassword,
  onSelectBranch,
  onLogout,
  buddhistEra = false,
  onToggleBuddhistEra,
}: AccountMenuProps) {
  const actions: Record<AccountAction, () => void> = {
    changePassword: onChangePassword,
    selectBranch: onSelectBranch,
    buddhistEra: () => onToggleBuddhistEra?.(),
    logout: onLogout,
  };
  return (
    <MenuTrigger>
      <Trigger aria-label={compact ? username : undefined}>
        <Avatar aria-hidden="true">{avatar ?? <Icon name="user" size={20} />}</Avatar>
        {!compact && <Name>{username}</Name>}
        <Icon name="chevron-down" size={18} />
      </Trigger>
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
    </MenuTrigger>
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
