import type { ReactNode } from 'react';

/** What the account button and its menu (AccountMenuPopover.tsx, loaded apart) both take. */
export interface AccountMenuProps {
  readonly username: string;
  readonly email?: string | null;
  /** Label of the current branch, shown under "select branch". */
  readonly branchLabel?: string | null;
  /** Replaces the default person icon, e.g. a picture. */
  readonly avatar?: ReactNode;
  /** Phones: the button shows only the avatar; the name stays in the menu and the accessible name. */
  readonly compact?: boolean;
  readonly onChangePassword: () => void;
  readonly onSelectBranch: () => void;
  readonly onLogout: () => void;
  /** The user's พ.ศ. setting (printed documents follow it): shown only with its handler. */
  readonly buddhistEra?: boolean;
  readonly onToggleBuddhistEra?: () => void;
}

/** How the menu was opened, for react-aria's focus rings in the menu (AccountMenuPopover.tsx). */
export type OpenedBy = 'pointer' | 'keyboard' | 'virtual';
