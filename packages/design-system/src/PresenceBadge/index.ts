export {
  PresenceBadge,
  type PresenceBadgeProps,
  type PresentPerson,
  presenceText,
} from './PresenceBadge.tsx';
