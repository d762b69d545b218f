import { Button, Menu, MenuTrigger } from 'react-aria-components';
import styled from 'styled-components';
import { Icon, type IconName } from '../Icon/index.ts';
import { messages } from '../messages.ts';
import type { ColumnMove } from './columnLayout.ts';
import { GridMenuItem, GridMenuPopover } from './gridMenu.styles.ts';

interface ColumnMenuProps {
  readonly header: string;
  readonly moves: ReadonlySet<ColumnMove>;
  readonly isPinned: boolean;
  readonly isOpen: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly onMove: (move: ColumnMove) => void;
}

const items: readonly { readonly move: ColumnMove; readonly label: string; readonly icon: IconName }[] = [
  { move: 'left', label: messages.moveLeft, icon: 'chevron-left' },
  { move: 'right', label: messages.moveRight, icon: 'chevron-right' },
  { move: 'pin', label: messages.pinColumn, icon: 'map-pin' },
  { move: 'unpin', label: messages.unpinColumn, icon: 'map-pin' },
  { move: 'wider', label: messages.widerColumn, icon: 'plus' },
  { move: 'narrower', label: messages.narrowerColumn, icon: 'minus' },
  { move: 'hide', label: messages.hideColumn, icon: 'eye' },
];

/**
 * A column's own menu in its header (issue 22 item 4): move, pin, resize and hide by keyboard as
 * well as by mouse. The header opens it with Alt+↓ (or the context-menu key); the button is for the mouse.
 */
export function ColumnMenu({ header, moves, isPinned, isOpen, onOpenChange, onMove }: ColumnMenuProps) {
  const shown = items.filter((item) => item.move !== (isPinned ? 'pin' : 'unpin'));
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Trigger
        aria-label={`${messages.columnMenu} ${header}`}
        excludeFromTabOrder
        data-open={isOpen || undefined}
      >
        <Icon name="more" size={16} />
      </Trigger>
      <GridMenuPopover placement="bottom start" data-overlay="">
        <Menu
          aria-label={`${messages.columnMenu} ${header}`}
          autoFocus="first"
          disabledKeys={shown.filter((item) => !moves.has(item.move)).map((item) => item.move)}
          onAction={(key) => onMove(key as ColumnMove)}
        >
          {shown.map((item) => (
            <GridMenuItem key={item.move} id={item.move} textValue={item.label}>
              <Icon name={item.icon} size={16} />
              {item.label}
            </GridMenuItem>
          ))}
        </Menu>
      </GridMenuPopover>
    </MenuTrigger>
  );
}

const Trigger = styled(Button)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 24px;
  height: 24px;
  margin-inline-start: auto;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  outline: none;
  /* Out of the way until the header is pointed at or focused; the keyboard opens it from the header. */
  opacity: 0;
  [role='columnheader']:hover &, [role='columnheader']:focus-within &, &[data-open] { opacity: 1; }
  &[data-hovered] { background: ${({ theme }) => theme.color.secondary}; color: ${({ theme }) => theme.color.text}; }
  &[data-focus-visible] { opacity: 1; box-shadow: 0 0 0 2px ${({ theme }) => theme.color.focus}; }
`;
