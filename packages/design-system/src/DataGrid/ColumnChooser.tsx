import { Button, Menu, MenuTrigger, type Selection } from 'react-aria-components';
import styled from 'styled-components';
import { Icon } from '../Icon/index.ts';
import { messages } from '../messages.ts';
import { GridMenuItem, GridMenuPopover } from './gridMenu.styles.ts';
import type { DataGridColumn } from './types.ts';

interface ColumnChooserProps {
  readonly columns: readonly DataGridColumn<never>[];
  readonly hidden: ReadonlySet<string>;
  readonly onHiddenChange: (hidden: ReadonlySet<string>) => void;
}

/** A checkable menu of columns; at least one column always stays visible. */
export function ColumnChooser({ columns, hidden, onHiddenChange }: ColumnChooserProps) {
  const visible = new Set(columns.filter((c) => !hidden.has(c.key)).map((c) => c.key));
  const onSelectionChange = (selection: Selection) => {
    const keys = selection === 'all' ? new Set(columns.map((c) => c.key)) : selection;
    if (keys.size === 0) return;
    onHiddenChange(new Set(columns.filter((c) => !keys.has(c.key)).map((c) => c.key)));
  };
  return (
    <MenuTrigger>
      <Trigger>
        <Icon name="columns" size={20} />
        {messages.columns}
      </Trigger>
      <StyledPopover placement="bottom end" data-overlay="">
        <Menu
          aria-label={messages.chooseColumns}
          selectionMode="multiple"
          selectedKeys={visible}
          disabledKeys={columns.filter((c) => c.alwaysVisible).map((c) => c.key)}
          onSelectionChange={onSelectionChange}
        >
          {columns.map((column) => (
            <GridMenuItem key={column.key} id={column.key} textValue={column.header}>
              {({ isSelected }) => (
                <>
                  <Check data-checked={isSelected || undefined}>
                    {isSelected && <Icon name="check" size={16} />}
                  </Check>
                  {column.header}
                </>
              )}
            </GridMenuItem>
          ))}
        </Menu>
      </StyledPopover>
    </MenuTrigger>
  );
}

const Trigger = styled(Button)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  cursor: pointer;
  outline: none;
  &[data-hovered] { background: ${({ theme }) => theme.color.secondary}; }
  &[data-focus-visible] { box-shadow: 0 0 0 2px ${({ theme }) => theme.color.focus}; }
`;

const StyledPopover = styled(GridMenuPopover)`
  min-width: 200px;
  max-height: 360px;
  overflow-y: auto;
`;

const Check = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 18px;
  height: 18px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  &[data-checked] { background: ${({ theme }) => theme.color.primary}; border-color: ${({ theme }) => theme.color.primary}; color: ${({ theme }) => theme.color.primaryText}; }
`;
