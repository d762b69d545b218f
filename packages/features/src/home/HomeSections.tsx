import { wrappingList } from '@lms/design-system';
import { lazyComponent } from '@lms/design-system/lazyComponent';
import {
  type CalendarCell,
  DRIVER_APP_PATH,
  DRIVER_ROLES,
  dueBucketLabels,
  featureRoles,
  freightStatementsInStateHref,
  homeSectionsFor,
  rebookReturnedPath,
} from '@lms/domain';
import { useCanBook, useSession } from '@lms/entity-pages';
import { Suspense } from 'react';
import styled from 'styled-components';
import { TableScroll } from '../booking/shared/layout.tsx';
import { maxPercent, StatusBadge } from '../booking/shared/StatusBadge.tsx';
import { type OpenBookingEvents, useBookingEvents } from '../booking/shared/useBookingEvents.ts';
import { useThaiDay } from '../booking/shared/useThaiDay.ts';
import { SystemStatusPage } from '../system/SystemStatusPage.tsx';
import { CountLink, DayTables, type Navigate, routerClick, Tiles, useCanOpen } from './CountLink.tsx';
import { homeText } from './homeText.ts';
import { Section } from './Section.tsx';
import { useAdminHome, useMasterDataHome, usePlannerHome } from './useHome.ts';

export { homeText };

/**
 * The manager's section carries the performance screen's figures and their names: a chunk of its
 * own, fetched for the users who get it, so the shell of everyone else stays as small (docs/web.md).
 */
const ManagerSection = lazyComponent(() => import('./ManagerSection.tsx').then((m) => m.ManagerSection));
/** The dispatcher's section, a chunk of its own for the same reason. */
const DispatcherSection = lazyComponent(() =>
  import('./DispatcherSection.tsx').then((m) => m.DispatcherSection),
);

export interface HomeSectionsProps {
  /** The acting branch's live booking events: the planner's numbers follow them. */
  readonly openEvents?: OpenBookingEvents | undefined;
  /** The host's router; without it links load the page. */
  readonly navigate?: Navigate | undefined;
}

/**
 * The home per role (docs/web.md "Home"): every section one of the user's roles opens — manager,
 * dispatcher, planner, master data, admin, in that order — each with its own call, so one failing
 * leaves the others.
 */
export function HomeSections({ openEvents, navigate }: HomeSectionsProps) {
  const { user } = useSession();
  const sections = homeSectionsFor(user?.roles ?? []);
  if (sections.length === 0) return <NoSections roles={user?.roles ?? []} navigate={navigate} />;
  return (
    <Column>
      {sections.includes('manager') && (
        // Until its chunk has come, a line in the section's place (not a region of the same name,
        // which the section would replace under whoever holds it).
        <Suspense fallback={<p role="status">{homeText.loading}</p>}>
          <ManagerSection navigate={navigate} />
        </Suspense>
      )}
      {sections.includes('dispatcher') && (
        <Suspense fallback={<p role="status">{homeText.loading}</p>}>
          <DispatcherSection openEvents={openEvents} navigate={navigate} />
        </Suspense>
      )}
      {sections.includes('planner') && <PlannerSection openEvents={openEvents} navigate={navigate} />}
      {sections.includes('masterData') && <MasterDataSection navigate={navigate} />}
      {sections.includes('admin') && <AdminSection navigate={navigate} />}
    </Column>
  );
}

/**
 * A user no section is for. A driver signed in at the staff sign-in (the address they were given,
 * say) is told where the work is: the driver's app is another page, so its link loads it.
 */
function NoSections({
  roles,
  navigate,
}: {
  readonly roles: readonly string[];
  readonly navigate?: Navigate;
}) {
  const drives = DRIVER_ROLES.every((role) => roles.includes(role));
  // Who reads the statements and does no work on them (a contractor's own account) came for the
  // approved ones: every month's, which the server narrows to the contractor's own. By the roles
  // alone: the statements' rules (freightStatesWaitingFor) would bring their module into the shell.
  const canOpen = useCanOpen();
  const approved = freightStatementsInStateHref('APPROVED');
  const { read: _read, ...work } = featureRoles.freightStatement;
  const worksOnStatements = Object.values(work).some((held) => held.some((role) => roles.includes(role)));
  const readsStatements = canOpen(approved) && !worksOnStatements;
  return (
    <Empty>
      {homeText.noSections}
      {drives && (
        <>
          <br />
          {homeText.driverApp}: <a href={DRIVER_APP_PATH}>{homeText.openDriverApp}</a>
        </>
      )}
      {readsStatements && (
        <>
          <br />
          {homeText.approvedStatements}:{' '}
          <a href={approved} onClick={routerClick(navigate, approved)}>
            {homeText.openApprovedStatements}
          </a>
        </>
      )}
    </Empty>
  );
}

function PlannerSection({ openEvents, navigate }: HomeSectionsProps) {
  const state = usePlannerHome();
  const canOpen = useCanOpen();
  const canBook = useCanBook();
  // Any booking of the branch confirmed, cancelled, moved or called changes these numbers.
  useBookingEvents(
    openEvents,
    () => state.mutate(),
    () => state.mutate(),
  );
  // The work waiting comes first (the calls to make, the DOs to book), then the trucks' room to book them
  // in: on a phone the capacity's two tables are two screens long.
  return (
    <Section id="planner" title={homeText.planner} state={state} needsBranch>
      {(home) => (
        <>
          <h3>{homeText.toCall}</h3>
          <Tiles>
            <CountLink
              label={homeText.notCalled}
              value={home.notCalled}
              navigate={navigate}
              tone="attention"
            />
            <CountLink
              label={homeText.unreachable}
              value={home.unreachable}
              navigate={navigate}
              tone="attention"
            />
            <CountLink label={homeText.canceledToday} value={home.canceledToday} navigate={navigate} />
          </Tiles>
          <h3>{homeText.unbooked}</h3>
          <Tiles>
            {home.unbooked.buckets.map((bucket) => (
              <CountLink
                key={bucket.bucket}
                label={dueBucketLabels[bucket.bucket]}
                value={bucket}
                navigate={navigate}
                tone={bucket.bucket === 'overdue' || bucket.bucket === 'today' ? 'attention' : 'plain'}
              />
            ))}
            <CountLink label={homeText.unbookedTotal} value={home.unbooked.total} navigate={navigate} />
            <CountLink
              label={homeText.returned}
              value={home.returned}
              navigate={navigate}
              tone={home.returned.count > 0 ? 'attention' : 'plain'}
            />
          </Tiles>
          {/* The tile opens the list to read; booking them again is the DO Booking's, on the same filter. */}
          {home.returned.count > 0 && canBook && canOpen(rebookReturnedPath) && (
            <a href={rebookReturnedPath} onClick={routerClick(navigate, rebookReturnedPath)}>
              {homeText.rebookReturned}
            </a>
          )}
          <h3>{homeText.capacity}</h3>
          <Capacity cells={home.capacity} days={[home.today, home.tomorrow]} navigate={navigate} />
        </>
      )}
    </Section>
  );
}

const CALENDAR_PATH = '/bookingCalendar';

/** Today's and tomorrow's cells as the booking calendar shows them: shift × vehicle type, status colour and label. */
function Capacity({
  cells,
  days,
  navigate,
}: {
  readonly cells: readonly CalendarCell[];
  readonly days: readonly string[];
  readonly navigate?: Navigate | undefined;
}) {
  const canOpen = useCanOpen();
  const thaiDay = useThaiDay();
  return (
    <>
      {cells.length === 0 ? (
        <p>{homeText.noCapacity}</p>
      ) : (
        <DayTables>
          {days.map((day) => {
            const ofDay = cells.filter((cell) => cell.date === day);
            return (
              <TableScroll key={day} aria-label={thaiDay(day)}>
                <table>
                  <caption>{thaiDay(day)}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{homeText.shift}</th>
                      <th scope="col">{homeText.vehicleType}</th>
                      <th scope="col">{homeText.vehicles}</th>
                      <th scope="col">{homeText.status}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {ofDay.length === 0 && (
                      <tr>
                        <td colSpan={4}>{homeText.noCapacity}</td>
                      </tr>
                    )}
                    {ofDay.map((cell) => (
                      <tr key={`${cell.shiftOfDayId}|${cell.vehicleTypeId}`}>
                        <td data-shift>{cell.shiftName}</td>
                        <td>{cell.vehicleTypeName}</td>
                        <td data-number>{cell.vehicles}</td>
                        <td>
                          <StatusBadge
                            colour={cell.colour}
                            label={cell.statusLabel}
                            value={maxPercent(cell)}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            );
          })}
        </DayTables>
      )}
      {canOpen(CALENDAR_PATH) && (
        <a href={CALENDAR_PATH} onClick={routerClick(navigate, CALENDAR_PATH)}>
          {homeText.openCalendar}
        </a>
      )}
    </>
  );
}

function MasterDataSection({ navigate }: HomeSectionsProps) {
  const state = useMasterDataHome();
  const canOpen = useCanOpen();
  const thaiDay = useThaiDay();
  return (
    <Section id="masterData" title={homeText.masterData} state={state} needsBranch>
      {(home) => (
        <>
          <Tiles>
            <CountLink
              label={homeText.shipTosWithoutCoordinates}
              value={home.shipTosWithoutCoordinates}
              navigate={navigate}
              tone="attention"
              note={homeText.shipTosNote}
            />
            <CountLink
              label={homeText.vehicleTypesWithoutSettings}
              value={home.vehicleTypesWithoutSettings}
              navigate={navigate}
              tone="attention"
              note={homeText.vehicleTypesNote}
            />
            <CountLink
              label={homeText.daysWithoutSlots}
              value={home.daysWithoutSlots}
              navigate={navigate}
              tone="attention"
            />
          </Tiles>
          {home.daysWithoutSlots.days.length === 0 ? (
            <p>{homeText.allDaysHaveSlots}</p>
          ) : (
            <DayList aria-label={homeText.daysWithoutSlots}>
              {home.daysWithoutSlots.days.map(({ date, href }) => (
                <li key={date}>
                  {canOpen(href) ? (
                    <a href={href} onClick={routerClick(navigate, href)}>
                      {thaiDay(date)}
                    </a>
                  ) : (
                    thaiDay(date)
                  )}
                </li>
              ))}
            </DayList>
          )}
        </>
      )}
    </Section>
  );
}

function AdminSection({ navigate }: HomeSectionsProps) {
  const state = useAdminHome();
  return (
    <Section id="admin" title={homeText.admin} state={state}>
      {(home) => (
        <>
          <Tiles>
            <CountLink label={homeText.activeUsers} value={home.activeUsers} navigate={navigate} />
            <CountLink label={homeText.activeSessions} value={home.activeSessions} navigate={navigate} />
            <CountLink
              label={homeText.failedSignInsToday}
              value={home.failedSignInsToday}
              navigate={navigate}
              tone="attention"
            />
          </Tiles>
          {/* The database version and migration are the admin's only. */}
          <SystemStatusPage details />
        </>
      )}
    </Section>
  );
}

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
  & h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.md}; }
  & td[data-shift] { min-width: 4.5em; }
  & caption { text-align: left; font-weight: ${({ theme }) => theme.font.weight.medium}; padding: ${({ theme }) => theme.space[1]} 0; }
`;

const DayList = styled.ul`
  ${wrappingList}
  & li { padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`}; border: 1px solid ${({ theme }) => theme.color.border}; border-radius: ${({ theme }) => theme.radius.pill}; }
`;

const Empty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;
