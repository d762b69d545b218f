import { useEffect, useRef, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import styled from 'styled-components';
import { Icon } from '../Icon/Icon.tsx';
import type { IconName } from '../Icon/paths.ts';
import { messages } from '../messages.ts';
import { Tooltip } from '../Tooltip/Tooltip.tsx';
import type { SnackbarEntry, SnackbarSeverity } from './snackbarQueue.ts';

const severityLook: Record<SnackbarSeverity, { icon: IconName; label: string }> = {
  success: { icon: 'success', label: messages.severitySuccess },
  warning: { icon: 'warning', label: messages.severityWarning },
  error: { icon: 'error', label: messages.severityError },
};

interface SnackbarItemProps {
  readonly entry: SnackbarEntry;
  readonly onDismiss: (id: number) => void;
}

export function SnackbarItem({ entry, onDismiss }: SnackbarItemProps) {
  const [isPaused, setPaused] = useState(false);
  const remaining = useRef(entry.durationMs);

  // The timer starts once shown and pauses while hovered or focused, so a reader is never rushed.
  useEffect(() => {
    if (isPaused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(entry.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [isPaused, entry.id, onDismiss]);

  const look = severityLook[entry.severity];
  return (
    <Item
      role={entry.severity === 'error' ? 'alert' : 'status'}
      data-severity={entry.severity}
      data-placement={entry.placement}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setPaused(false)}
    >
      <Icon name={look.icon} label={look.label} />
      <Text>{entry.text}</Text>
      {entry.action && (
        <ActionButton
          onPress={() => {
            onDismiss(entry.id);
            entry.action?.onAction();
          }}
        >
          {entry.action.label}
        </ActionButton>
      )}
      <Tooltip content={messages.snackbarClose}>
        <CloseButton aria-label={messages.snackbarClose} onPress={() => onDismiss(entry.id)}>
          <Icon name="close" size={18} />
        </CloseButton>
      </Tooltip>
    </Item>
  );
}

const Item = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[2]} ${theme.space[3]} ${theme.space[4]}`};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.md};
  color: ${({ theme }) => theme.color.primaryText};

  &[data-severity='success'] { background: ${({ theme }) => theme.color.success}; }
  &[data-severity='warning'] { background: ${({ theme }) => theme.color.warning}; }
  &[data-severity='error'] { background: ${({ theme }) => theme.color.danger}; }
  &[data-placement='toast'] { padding-block: ${({ theme }) => theme.space[2]}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

const Text = styled.p`
  flex: 1 1 auto;
  margin: 0;
  padding-top: 1px;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const CloseButton = styled(AriaButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: 28px;
  height: 28px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: inherit;
  cursor: pointer;
  outline: none;

  &[data-hovered] { background: rgba(255, 255, 255, 0.2); }
  &[data-focus-visible] { box-shadow: 0 0 0 2px ${({ theme }) => theme.color.primaryText}; }
`;

const ActionButton = styled(AriaButton)`
  flex-shrink: 0;
  min-height: 28px;
  padding: 0 ${({ theme }) => theme.space[2]};
  border: 1px solid currentColor;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: inherit;
  font: inherit;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  cursor: pointer;
  outline: none;

  &[data-hovered] { background: rgba(255, 255, 255, 0.2); }
  &[data-focus-visible] { box-shadow: 0 0 0 2px ${({ theme }) => theme.color.primaryText}; }
`;
