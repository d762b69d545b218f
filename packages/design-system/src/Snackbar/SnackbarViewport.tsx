import { Suspense, useEffect } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { lazyComponent } from '../lazyComponent.ts';
import { messages } from '../messages.ts';
import { whenIdle } from '../whenIdle.ts';
import { type SnackbarEntry, type SnackbarLimits, visibleEntries } from './snackbarQueue.ts';

interface SnackbarViewportProps {
  readonly queue: readonly SnackbarEntry[];
  readonly limits: SnackbarLimits;
  readonly onDismiss: (id: number) => void;
}

// A snackbar (with its close button's tooltip, react-aria's overlay positioning) is a chunk of its
// own: the first screen shows none, so the shell does not wait for it (issue 41). It is fetched
// once the screen is up, or by the first snackbar if that comes sooner.
const SnackbarItem = lazyComponent(() => import('./SnackbarItem.tsx').then((m) => m.SnackbarItem));

/** Both stacks, in a portal so no ancestor's overflow or transform can clip them. */
export function SnackbarViewport({ queue, limits, onDismiss }: SnackbarViewportProps) {
  const snackbars = visibleEntries(queue, 'snackbar', limits);
  const toasts = visibleEntries(queue, 'toast', limits);
  useEffect(() => whenIdle(SnackbarItem.preload), []);
  if (typeof document === 'undefined') return null;
  return createPortal(
    // data-overlay: screenshot tests take the whole page while something is shown.
    <div data-overlay={queue.length > 0 ? '' : undefined}>
      <Stack aria-label={messages.snackbarRegion} data-placement="snackbar">
        <Suspense fallback={null}>
          {snackbars.map((entry) => (
            <SnackbarItem key={entry.id} entry={entry} onDismiss={onDismiss} />
          ))}
        </Suspense>
      </Stack>
      <Stack aria-label={messages.toastRegion} data-placement="toast">
        <Suspense fallback={null}>
          {toasts.map((entry) => (
            <SnackbarItem key={entry.id} entry={entry} onDismiss={onDismiss} />
          ))}
        </Suspense>
      </Stack>
    </div>,
    document.body,
  );
}

const Stack = styled.section`
  position: fixed;
  z-index: ${({ theme }) => theme.layer.snackbar};
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  max-width: calc(100vw - 32px);
  pointer-events: none;

  & > * { pointer-events: auto; }

  &[data-placement='snackbar'] {
    left: ${({ theme }) => theme.space[4]};
    bottom: ${({ theme }) => theme.space[4]};
    flex-direction: column-reverse;
    width: 420px;
  }
  &[data-placement='toast'] {
    right: ${({ theme }) => theme.space[4]};
    top: ${({ theme }) => theme.space[4]};
    flex-direction: column;
    width: 320px;
    max-height: calc(100vh - 32px);
    overflow: hidden;
  }
`;
