import {
  appUserApi,
  contactChannelApi,
  deliveryApi,
  type EntityDef,
  type EntityRef,
  entityByName,
  filesApi,
  hasEntity,
  presenceApi,
  type RecordPresence,
  resolveEntity,
  shipmentPlanningApi,
} from '@lms/domain';
import type { HttpHandler } from 'msw';
import { type EntityHandlerOptions, entityHandlers, TEMPORARY_PASSWORD } from './entityHandlers.ts';
import { FIXTURE_FILES } from './fixtures.ts';
import { mock } from './mock.ts';
import { savedViewHandlers } from './savedViewHandlers.ts';

/** The entities a page of `entity` reads: itself and every reference target (children included). */
export function referencedEntities(entity: EntityDef): EntityDef[] {
  const fields = [...entity.fields, ...(entity.children ?? []).flatMap((child) => child.fields)];
  const names = new Set(
    fields
      .filter((field) => (field.type === 'ref' || field.type === 'refs') && field.ref)
      .map((field) => field.ref as string),
  );
  names.delete(entity.name);
  return [...names].filter(hasEntity).map(entityByName);
}

/** A heartbeat's answer: who has the record open (`users`: the others a story puts there). */
export function presenceOf(
  branchId: string,
  entity: string,
  recordId: string,
  users: RecordPresence['users'],
): RecordPresence {
  return { branchId, entity, recordId, users };
}

/** A message channel is configured, so a booking's "send again" is offered (a story about none mocks it off first). */
export const contactChannelOn = (): HttpHandler => mock(contactChannelApi.read, () => ({ enabled: true }));

/** Handlers beyond CRUD that the pages call (spec §7's upload, appUser's reset password). */
export function extraHandlers(): HttpHandler[] {
  return [
    contactChannelOn(),
    mock(appUserApi.resetPassword, () => ({ temporaryPassword: TEMPORARY_PASSWORD })),
    // A booking's page lists its shipments (none unless a story says otherwise).
    mock(shipmentPlanningApi.bookingShipments, () => []),
    // … and its deliveries (none unless a story says otherwise).
    mock(deliveryApi.bookingDeliveries, () => []),
    mock(filesApi.upload, () => ({ files: [{ id: crypto.randomUUID() }] })),
    mock(filesApi.uploadImage, () => ({ files: [{ id: crypto.randomUUID() }] })),
    // Presence (issue 22 item 7): nobody else has the record open unless a story says otherwise.
    mock(presenceApi.heartbeat, ({ query, body }) =>
      presenceOf(query.branchId ?? '', body.entity, body.recordId, []),
    ),
    mock(presenceApi.leave, () => null),
    mock(filesApi.info, ({ params }) => ({
      id: params.id,
      origName: FIXTURE_FILES.find((f) => f.id === params.id)?.origName ?? 'เอกสาร.pdf',
    })),
    // Every list page asks for its saved views: none, unless a story mounts its own.
    ...savedViewHandlers(),
  ];
}

/**
 * Everything a page of `entity` needs from the server, generated from the declarations: the
 * entity's CRUD handlers with `options`, and default handlers for every entity it references.
 */
export function mockEntityApi(entityRef: EntityRef, options: EntityHandlerOptions = {}): HttpHandler[] {
  const entity = resolveEntity(entityRef);
  return [
    ...entityHandlers(entity, options),
    ...referencedEntities(entity).flatMap((target) => entityHandlers(target)),
    ...extraHandlers(),
  ];
}
