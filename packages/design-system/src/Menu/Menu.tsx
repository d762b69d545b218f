import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection as AriaMenuSection,
  Header,
  Popover,
  type PopoverProps,
  Separator,
} from 'react-aria-components';
import styled from 'styled-components';

/**
 * The parts of a menu whose items say more than a label (a check mark, a second line, sections
 * with headers), for screens that compose their own: react-aria's behaviour (keyboard, focus,
 * dismissal, disabled keys) with our look. A short list of plain actions is `MenuButton`.
 *
 * ```tsx
 * <MenuTrigger>
 *   <Button>…</Button>
 *   <MenuPopover placement="bottom start">
 *     <Menu aria-label="…" onAction={…}>
 *       <MenuSection><MenuSectionHeader>…</MenuSectionHeader><MenuItem id="a" textValue="…">…</MenuItem></MenuSection>
 *       <MenuSeparator />
 *     </Menu>
 *   </MenuPopover>
 * </MenuTrigger>
 * ```
 */
export { MenuTrigger } from 'react-aria-components';

/** The menu's floating panel, scrolling when the list is long; marked as an overlay (the stories' screenshots take the page). */
export function MenuPopover(props: PopoverProps) {
  return <Panel {...props} data-overlay="" />;
}

const Panel = styled(Popover)`
  min-width: 260px;
  max-width: min(26rem, calc(100vw - 16px));
  max-height: 70vh;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space[1]} 0;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.md};
`;

export const Menu = styled(AriaMenu)`
  outline: none;
  & [role='separator'] {
    height: 1px;
    margin: ${({ theme }) => theme.space[1]} 0;
    background: ${({ theme }) => theme.color.border};
  }
`;

/** A row: whatever it holds side by side; focused and disabled states from react-aria. */
export const MenuItem = styled(AriaMenuItem)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 40px;
  padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
  cursor: pointer;
  outline: none;
  &[data-focused] { background: ${({ theme }) => theme.color.secondary}; }
  &[data-disabled] { color: ${({ theme }) => theme.color.disabledText}; cursor: not-allowed; }
`;

export const MenuSection = AriaMenuSection;

export const MenuSectionHeader = styled(Header)`
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[1]};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

export const MenuSeparator = Separator;
