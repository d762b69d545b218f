import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import styled from 'styled-components';
import { Button, type ButtonVariant } from '../Button/index.ts';
import { Icon, type IconName } from '../Icon/index.ts';

export interface MenuButtonItem {
  readonly id: string;
  readonly label: string;
  readonly isDisabled?: boolean;
}

export interface MenuButtonProps {
  /** The button's text, and the menu's accessible name. */
  readonly label: string;
  readonly items: readonly MenuButtonItem[];
  readonly onAction: (id: string) => void;
  readonly icon?: IconName;
  readonly variant?: ButtonVariant;
  readonly isDisabled?: boolean;
  /** Work under way (a batch being made): a spinner on the button, `busyLabel` beside it, presses ignored. */
  readonly isBusy?: boolean;
  readonly busyLabel?: string;
}

/** A button that opens a short menu of actions (print → which document). */
export function MenuButton({
  label,
  items,
  onAction,
  icon,
  variant = 'secondary',
  isDisabled = false,
  isBusy = false,
  busyLabel,
}: MenuButtonProps) {
  return (
    <Wrap>
      <MenuTrigger>
        <Button
          variant={variant}
          isLoading={isBusy}
          isDisabled={isDisabled}
          icon={icon ? <Icon name={icon} size={18} /> : undefined}
        >
          <LabelRow>
            {label}
            <Icon name="chevron-down" size={16} />
          </LabelRow>
        </Button>
        <StyledPopover placement="bottom start" data-overlay="">
          <StyledMenu
            aria-label={label}
            disabledKeys={items.filter((item) => item.isDisabled).map((item) => item.id)}
            onAction={(key) => onAction(String(key))}
          >
            {items.map((item) => (
              <Item key={item.id} id={item.id} textValue={item.label}>
                {item.label}
              </Item>
            ))}
          </StyledMenu>
        </StyledPopover>
      </MenuTrigger>
      {/* Always in the page, so a screen reader hears the work start and end. */}
      <Status role="status">{isBusy ? busyLabel : ''}</Status>
    </Wrap>
  );
}

const Wrap = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const LabelRow = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
`;

const Status = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StyledPopover = styled(Popover)`
  min-width: 200px;
  max-width: min(320px, 95vw);
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.md};
  outline: none;
`;

const StyledMenu = styled(Menu)`
  padding: ${({ theme }) => theme.space[1]} 0;
  outline: none;
`;

const Item = styled(MenuItem)`
  display: flex;
  align-items: center;
  min-height: 44px;
  padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[4]};
  cursor: pointer;
  outline: none;
  &[data-focused] { background: ${({ theme }) => theme.color.secondary}; }
  &[data-disabled] { color: ${({ theme }) => theme.color.textMuted}; cursor: default; }
`;
