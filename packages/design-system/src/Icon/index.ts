export { Icon, type IconProps } from './Icon.tsx';
export { type IconName, iconNames } from './paths.ts';
