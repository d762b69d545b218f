export { AccountMenu, type AccountMenuProps } from './AccountMenu.tsx';
