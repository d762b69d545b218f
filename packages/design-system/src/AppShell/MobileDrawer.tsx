import type { ReactNode } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import styled from 'styled-components';
import { Icon } from '../Icon/index.ts';
import { messages } from '../messages.ts';
import { Brand, IconButton } from './shellParts.ts';

/**
 * The phone's temporary drawer (a modal: react-aria's Modal and FocusScope), a chunk of its own
 * that AppShell loads the first time the drawer opens.
 */
export function MobileDrawer({
  isOpen,
  onOpenChange,
  productName,
  children,
}: {
  readonly isOpen: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly productName: string;
  readonly children: ReactNode;
}) {
  return (
    <Overlay isDismissable isOpen={isOpen} onOpenChange={onOpenChange}>
      <Surface>
        <Dialog aria-label={messages.mainMenu}>
          <Brand>
            <span>{productName}</span>
            <IconButton type="button" aria-label={messages.closeMenu} onClick={() => onOpenChange(false)}>
              <Icon name="close" />
            </IconButton>
          </Brand>
          <nav aria-label={messages.mainMenu}>{children}</nav>
        </Dialog>
      </Surface>
    </Overlay>
  );
}

const Overlay = styled(ModalOverlay)`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.layer.drawer};
  background: rgba(16, 24, 40, 0.5);
`;

const Surface = styled(Modal)`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  width: min(${({ theme }) => theme.size.drawerWidth}, 85vw);
  overflow-y: auto;
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  & [role='dialog'] { outline: none; }
`;
