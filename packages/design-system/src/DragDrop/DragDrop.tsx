import { type ReactNode, useRef } from 'react';
import { Button as AriaButton, DropZone, isTextDropItem, useDrag } from 'react-aria-components';
import styled from 'styled-components';

/**
 * Drag and drop on react-aria (mouse, touch, and keyboard: Enter on the handle, Tab to a drop
 * area, Enter). A screen keeps a plain keyboard alternative beside it (buttons, pickers): dragging
 * is the quick way, never the only one.
 */

export interface DraggableProps {
  /**
   * The drag type (a MIME-like name) a `DropArea` accepts; several when areas take only some of
   * what is dragged (the same data under each: an area of one of them takes it).
   */
  readonly type: string | readonly string[];
  /** What is dragged, as text (e.g. JSON of ids). */
  readonly data: string;
  /** The handle's accessible name ("ลาก BK…"). */
  readonly handleLabel: string;
  readonly isDisabled?: boolean;
  /** A drag of this card began (e.g. to judge the targets for it) or ended, dropped or not. */
  readonly onDragStart?: () => void;
  readonly onDragEnd?: () => void;
  readonly className?: string;
  readonly children: ReactNode;
}

/** A card that can be dragged, by itself with a pointer or by its handle from the keyboard. */
export function Draggable({
  type,
  data,
  handleLabel,
  isDisabled = false,
  onDragStart,
  onDragEnd,
  className,
  children,
}: DraggableProps) {
  const { dragProps, dragButtonProps, isDragging } = useDrag({
    getItems: () => [
      {
        ...Object.fromEntries((typeof type === 'string' ? [type] : type).map((t) => [t, data])),
        'text/plain': handleLabel,
      },
    ],
    getAllowedDropOperations: () => ['move'],
    hasDragButton: true,
    isDisabled,
    ...(onDragStart ? { onDragStart: () => onDragStart() } : {}),
    ...(onDragEnd ? { onDragEnd: () => onDragEnd() } : {}),
  });
  return (
    <Card {...dragProps} className={className} data-draggable="" data-dragging={isDragging || undefined}>
      <Handle {...dragButtonProps} aria-label={handleLabel} isDisabled={isDisabled}>
        <span aria-hidden="true">⠿</span>
      </Handle>
      {children}
    </Card>
  );
}

export interface DropAreaProps {
  readonly type: string;
  /** The drop target's accessible name ("วางที่รถ 70-1234"). */
  readonly label: string;
  /**
   * A dragged item's data, and how many of the area's draggables lie above the drop point (the
   * place to insert it; keyboard drops land at the end).
   */
  readonly onDrop: (data: string, before: number) => void;
  readonly isDisabled?: boolean;
  /**
   * The rules refuse what is being dragged here: the area still takes the hover (so that it can
   * show why) but is marked `data-refused`, and the caller's `onDrop` decides what a drop does.
   */
  readonly isRefused?: boolean;
  /** A drag entered or left the area (pointer hover or keyboard focus). */
  readonly onDropEnter?: () => void;
  readonly onDropExit?: () => void;
  readonly className?: string;
  readonly children: ReactNode;
}

/** An area that takes `type` drops and says where among its draggables they landed. */
export function DropArea({
  type,
  label,
  onDrop,
  isDisabled = false,
  isRefused = false,
  onDropEnter,
  onDropExit,
  className,
  children,
}: DropAreaProps) {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <Area
      ref={ref}
      aria-label={label}
      data-drop-area=""
      data-refused={isRefused || undefined}
      isDisabled={isDisabled}
      className={className}
      {...(onDropEnter ? { onDropEnter: () => onDropEnter() } : {})}
      {...(onDropExit ? { onDropExit: () => onDropExit() } : {})}
      getDropOperation={(types) => (types.has(type) ? 'move' : 'cancel')}
      onDrop={async (event) => {
        const item = event.items.find((candidate) => isTextDropItem(candidate) && candidate.types.has(type));
        if (!item || !isTextDropItem(item) || !ref.current) return;
        const cards = [...ref.current.querySelectorAll('[data-draggable]')];
        // A keyboard drop lands on the area's own (hidden) drop button and carries no pointer
        // position: it goes to the end. A pointer drop's y is relative to the area.
        const focused = document.activeElement;
        const byKeyboard =
          !!focused && ref.current.contains(focused) && focused.getAttribute('aria-label') === label;
        const top = ref.current.getBoundingClientRect().top + event.y;
        const before = byKeyboard
          ? cards.length
          : cards.filter((card) => {
              const box = card.getBoundingClientRect();
              return box.top + box.height / 2 < top;
            }).length;
        onDrop(await item.getText(type), before);
      }}
    >
      {children}
    </Area>
  );
}

const Card = styled.div`
  position: relative;
  &[data-dragging] { outline: 2px dashed ${({ theme }) => theme.color.primary}; outline-offset: 2px; }
`;

const Handle = styled(AriaButton)`
  position: absolute;
  top: ${({ theme }) => theme.space[1]};
  right: ${({ theme }) => theme.space[1]};
  min-width: 32px;
  min-height: 32px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 18px;
  cursor: grab;
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.color.focus}; }
  &[data-disabled] { cursor: default; opacity: 0.4; }
`;

const Area = styled(DropZone)`
  outline: none;
  &[data-drop-target] { outline: 2px dashed ${({ theme }) => theme.color.primary}; outline-offset: 2px; }
  &[data-drop-target][data-refused] { outline-color: ${({ theme }) => theme.color.danger}; }
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.color.focus}; }
`;
