export {
  DisabledReason,
  type DisabledReasonProps,
  IconButton,
  type IconButtonProps,
  Tooltip,
  type TooltipProps,
  tooltipEnterDelayMs,
} from './Tooltip.tsx';
