import { type CanResult, can, type EntityAction, type EntityRef, featureRoles } from '@lms/domain';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { OpenBookingEvents } from '../api/useServerEvents.ts';

/** The signed-in user as screens see it; the host app owns sign-in, renewal and branch choice. */
export interface SessionUser {
  readonly userId: string;
  readonly username: string;
  readonly fullName: string;
  readonly email: string | null;
  readonly roles: readonly string[];
  readonly branchInfos: readonly { readonly id: string; readonly code: string; readonly name: string }[];
}

export interface Session {
  readonly user: SessionUser | null;
  /** The acting branch (spec §4); branch-owned calls send it as `branchId`. */
  readonly branchId: string | null;
  /** `{ can, reason }` for the user's roles (style.md: computed once per page, not per row). */
  can(entity: EntityRef, action: EntityAction): CanResult;
  /** The acting branch's live event stream (bookings, presence); none outside the signed-in app. */
  readonly openEvents?: OpenBookingEvents | undefined;
}

const anonymous: Session = {
  user: null,
  branchId: null,
  can: () => ({ can: false, reason: 'กรุณาเข้าสู่ระบบ' }),
};
const SessionContext = createContext<Session>(anonymous);

export function SessionProvider({
  user,
  branchId,
  openEvents,
  children,
}: {
  user: SessionUser | null;
  branchId: string | null;
  openEvents?: OpenBookingEvents | undefined;
  children: ReactNode;
}) {
  const value = useMemo<Session>(
    () => ({
      user,
      branchId,
      openEvents,
      can: (entity, action) => (user ? can(user.roles, entity, action) : anonymous.can(entity, action)),
    }),
    [user, branchId, openEvents],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);

/** Only DO_BOOKING edit (and admin) books; both roles see every booking page (spec §6). */
export function useCanBook(): boolean {
  const { user } = useSession();
  return !!user && featureRoles.doBooking.edit.some((role) => user.roles.includes(role));
}
