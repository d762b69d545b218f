export { Draggable, type DraggableProps, DropArea, type DropAreaProps } from './DragDrop.tsx';
