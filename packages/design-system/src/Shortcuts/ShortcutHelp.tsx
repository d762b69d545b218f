import { Dialog } from 'react-aria-components';
import styled from 'styled-components';
import { Button } from '../Button/Button.tsx';
import {
  DialogActions,
  DialogBody,
  DialogOverlay,
  DialogSurface,
  DialogTitle,
} from '../FormDialog/DialogFrame.tsx';
import { messages } from '../messages.ts';
import { isMac, shortcutGroups, shortcutKeys, shortcuts } from './shortcuts.ts';

export interface ShortcutHelpProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
  /** Show ⌘ instead of Ctrl (default: from the browser's platform). */
  readonly mac?: boolean;
}

/** The `?` dialog: every shortcut of the app, grouped, from the one table (shortcuts.ts). */
export function ShortcutHelp({ isOpen, onClose, mac = isMac() }: ShortcutHelpProps) {
  return (
    <DialogOverlay isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable>
      <DialogSurface data-max-width="sm" data-full-width="">
        <Dialog>
          <DialogTitle>{messages.shortcutsTitle}</DialogTitle>
          {/* The list scrolls on a phone: the body takes the focus so the keyboard can scroll it. */}
          <DialogBody tabIndex={0} role="group" aria-label={messages.shortcutsTitle}>
            <Note>{messages.shortcutsNote}</Note>
            {shortcutGroups.map((group) => (
              <Group key={group.label}>
                <GroupTitle>{group.label}</GroupTitle>
                <Rows>
                  {group.names.map((name) => (
                    <Row key={name}>
                      <dt>
                        {shortcutKeys(shortcuts[name], mac).map((key, index) => (
                          <span key={key}>
                            {index > 0 && ' + '}
                            <Kbd>{key}</Kbd>
                          </span>
                        ))}
                      </dt>
                      <dd>{shortcuts[name].label}</dd>
                    </Row>
                  ))}
                </Rows>
              </Group>
            ))}
          </DialogBody>
          <DialogActions>
            <Button variant="primary" onPress={onClose} autoFocus>
              {messages.close}
            </Button>
          </DialogActions>
        </Dialog>
      </DialogSurface>
    </DialogOverlay>
  );
}

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Group = styled.section`
  & + & { margin-top: ${({ theme }) => theme.space[4]}; }
`;

const GroupTitle = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Rows = styled.dl`
  margin: 0;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[1]} 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};

  & > dt { flex: 0 0 8rem; white-space: nowrap; }
  & > dd { flex: 1 1 12rem; margin: 0; min-width: 0; overflow-wrap: anywhere; }
`;

const Kbd = styled.kbd`
  display: inline-block;
  min-width: 1.75rem;
  padding: 0 ${({ theme }) => theme.space[1]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-bottom-width: 2px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.background};
  font-family: inherit;
  font-size: ${({ theme }) => theme.font.size.sm};
  text-align: center;
`;
