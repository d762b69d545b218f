import { Heading, Modal, ModalOverlay, ProgressBar } from 'react-aria-components';
import styled from 'styled-components';
import { overlayStyle, surfaceStyle } from './overlayStyles.ts';

/**
 * The one overlay look of the design system: dimmed backdrop plus a centred surface.
 * FormDialog, ConfirmDialog and BlockingSpinner all build on it (react-aria's Modal only).
 */
export const DialogOverlay = styled(ModalOverlay)`
  ${overlayStyle}
`;

export type DialogMaxWidth = 'xs' | 'sm' | 'md';

/** Surface widths follow the usual breakpoints: xs 444, sm 600, md 900 px. */
export const DialogSurface = styled(Modal)`
  ${surfaceStyle}

  &[data-max-width='xs'] { max-width: min(444px, 100%); }
  &[data-max-width='sm'] { max-width: min(600px, 100%); }
  &[data-max-width='md'] { max-width: min(900px, 100%); }
  &[data-full-width] { width: 100%; }

  & > [role='dialog'], & > [role='alertdialog'] {
    display: flex;
    flex-direction: column;
    min-height: 0;
    outline: none;
  }
`;

export const DialogTitle = styled(Heading).attrs({ slot: 'title' })`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[4]} ${theme.space[5]}`};
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  line-height: 1.4;
  overflow-wrap: anywhere;
`;

export const DialogBody = styled.div`
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[5]} ${theme.space[4]}`};
`;

export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[5]} ${theme.space[4]}`};
  border-top: 1px solid ${({ theme }) => theme.color.border};

  & > [data-start] { margin-inline-end: auto; }
`;

/** Indeterminate bar; the track always takes its 4 px so the dialog does not jump when it shows. */
export function LoadingBar({ isActive, label }: { readonly isActive: boolean; readonly label: string }) {
  return (
    <BarTrack>
      {isActive && (
        <ProgressBar isIndeterminate aria-label={label}>
          <BarFill />
        </ProgressBar>
      )}
    </BarTrack>
  );
}

const BarTrack = styled.div`
  position: relative;
  height: 4px;
  overflow: hidden;
`;

const BarFill = styled.div`
  position: absolute;
  inset: 0 auto 0 0;
  width: 40%;
  background: ${({ theme }) => theme.color.primary};
  animation: lms-indeterminate 1.2s ease-in-out infinite;
  @keyframes lms-indeterminate {
    from { transform: translateX(-100%); }
    to { transform: translateX(250%); }
  }
`;
