import { type KeyboardEvent, useState } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import styled, { keyframes } from 'styled-components';
import { iconButtonTarget } from '../Button/buttonLook.tsx';
import { Icon, type IconName } from '../Icon/index.ts';
import { messages } from '../messages.ts';

/** Spec §9: zoom range and viewer fade. */
export const zoomRange = { min: 1, max: 8 } as const;
export const viewerFadeMs = 800;

export interface ImageViewerProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
  readonly src: string;
  /** Thai description of the image; also the dialog's name. */
  readonly alt: string;
  /** Shown when given; ArrowLeft / ArrowRight do the same. */
  readonly onPrevious?: () => void;
  readonly onNext?: () => void;
}

/** Full-screen image overlay: zoom 1–8, optional previous/next; a click on the dark backdrop closes. */
export function ImageViewer({ isOpen, onClose, ...image }: ImageViewerProps) {
  return (
    <Overlay isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable>
      <FullScreen>
        <StyledDialog aria-label={image.alt}>
          {/* A new image starts at zoom 1: zoom is local to one image (spec §4). */}
          <ViewerContent key={image.src} onClose={onClose} {...image} />
        </StyledDialog>
      </FullScreen>
    </Overlay>
  );
}

function ViewerContent({ src, alt, onPrevious, onNext, onClose }: Omit<ImageViewerProps, 'isOpen'>) {
  const [zoom, setZoom] = useState<number>(zoomRange.min);
  const zoomBy = (step: number) =>
    setZoom((current) => Math.min(zoomRange.max, Math.max(zoomRange.min, current + step)));

  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, (() => void) | undefined> = {
      ArrowLeft: onPrevious,
      ArrowRight: onNext,
      '+': () => zoomBy(1),
      '=': () => zoomBy(1),
      '-': () => zoomBy(-1),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <Frame onKeyDown={onKeyDown}>
      <Toolbar>
        <ZoomLevel aria-live="polite">{zoom * 100}%</ZoomLevel>
        <ToolButton
          icon="zoom-out"
          label={messages.zoomOut}
          disabled={zoom <= zoomRange.min}
          onClick={() => zoomBy(-1)}
        />
        <ToolButton
          icon="zoom-in"
          label={messages.zoomIn}
          disabled={zoom >= zoomRange.max}
          onClick={() => zoomBy(1)}
        />
        <ToolButton icon="close" label={messages.close} onClick={onClose} autoFocus />
      </Toolbar>
      {/* Clicks on the stage itself (not the image) are clicks on the dark backdrop. */}
      <Stage
        data-testid="image-viewer-backdrop"
        // Focusable so a zoomed image can be scrolled from the keyboard (axe: scrollable-region-focusable).
        tabIndex={0}
        onClick={(event) => event.target === event.currentTarget && onClose()}
      >
        <Picture src={src} alt={alt} style={{ zoom }} data-zoom={zoom} />
      </Stage>
      {onPrevious && (
        <Side data-side="previous">
          <ToolButton icon="chevron-left" label={messages.previousImage} onClick={onPrevious} />
        </Side>
      )}
      {onNext && (
        <Side data-side="next">
          <ToolButton icon="chevron-right" label={messages.nextImage} onClick={onNext} />
        </Side>
      )}
    </Frame>
  );
}

function ToolButton({
  icon,
  label,
  disabled = false,
  autoFocus,
  onClick,
}: {
  icon: IconName;
  label: string;
  disabled?: boolean;
  autoFocus?: boolean;
  onClick: () => void;
}) {
  // aria-disabled, not disabled: a disabled button would drop the keyboard focus out of the viewer.
  return (
    <RoundButton
      type="button"
      aria-label={label}
      aria-disabled={disabled || undefined}
      autoFocus={autoFocus}
      onClick={() => !disabled && onClick()}
    >
      <Icon name={icon} />
    </RoundButton>
  );
}

const fade = keyframes`from { opacity: 0; }`;

const Overlay = styled(ModalOverlay)`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.layer.viewer};
  background: rgba(0, 0, 0, 0.85);
  &[data-entering] { animation: ${fade} ${viewerFadeMs}ms ease-out; }
  &[data-exiting] { animation: ${fade} ${viewerFadeMs}ms ease-in reverse; }
`;

const FullScreen = styled(Modal)`
  position: fixed;
  inset: 0;
`;

const StyledDialog = styled(Dialog)`
  width: 100%;
  height: 100%;
  outline: none;
`;

const Frame = styled.div`
  position: relative;
  width: 100%;
  height: 100%;
`;

const Toolbar = styled.div`
  position: absolute;
  top: ${({ theme }) => theme.space[2]};
  right: ${({ theme }) => theme.space[2]};
  z-index: 1;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
`;

const ZoomLevel = styled.span`
  min-width: 56px;
  color: #ffffff;
  text-align: end;
  font-variant-numeric: tabular-nums;
`;

const Stage = styled.div`
  display: flex;
  width: 100%;
  height: 100%;
  overflow: auto;
  padding: 64px ${({ theme }) => theme.space[8]};
`;

const Picture = styled.img`
  margin: auto;
  max-width: 100%;
  max-height: 100%;
  &:not([data-zoom='1']) { max-width: none; max-height: none; }
  object-fit: contain;
  background: #ffffff;
`;

const Side = styled.div`
  position: absolute;
  top: 50%;
  transform: translateY(-50%);
  &[data-side='previous'] { left: ${({ theme }) => theme.space[2]}; }
  &[data-side='next'] { right: ${({ theme }) => theme.space[2]}; }
`;

const RoundButton = styled.button`
  ${iconButtonTarget}
  border-radius: 50%;
  background: rgba(255, 255, 255, 0.16);
  color: #ffffff;
  cursor: pointer;
  &:hover:not([aria-disabled]) { background: rgba(255, 255, 255, 0.28); }
  &:focus-visible { outline: 2px solid #ffffff; outline-offset: 2px; }
  &[aria-disabled] { opacity: 0.4; cursor: not-allowed; }
`;
