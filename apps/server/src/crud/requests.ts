import { type EntityDef, LIST_TOTAL, type RawQuery, validateListQuery } from '@lms/domain';
import type { FastifyRequest } from 'fastify';
import { isUuid } from '../auth/access.ts';
import { actingBranch } from '../auth/acting.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';

/** The parts of a CRUD request the domain checks: the list query, the record's id, what may accompany it. */

const INVALID_ID = 'รหัสข้อมูลไม่ถูกต้อง';

export function listQuery(entity: EntityDef, request: FastifyRequest) {
  const result = validateListQuery(entity, request.query as RawQuery);
  if (!result.ok) throw new HttpError(400, result.messages);
  return result.value;
}

/**
 * A list page's request: the list query, and whether to count its total (`total`, the list's own
 * parameter: options and export refuse it as unknown). Exported for bench/api, which replays it.
 */
export function pageRequest(entity: EntityDef, raw: RawQuery) {
  const { [LIST_TOTAL.param]: total, ...rest } = raw;
  const messages: string[] = [];
  if (Array.isArray(total)) messages.push(`${LIST_TOTAL.param} ระบุได้ครั้งเดียว`);
  else if (total !== undefined && total !== LIST_TOTAL.count && total !== LIST_TOTAL.skip)
    messages.push(`${LIST_TOTAL.param} ต้องเป็น ${LIST_TOTAL.count} หรือ ${LIST_TOTAL.skip}`);
  const result = validateListQuery(entity, rest);
  if (!result.ok) messages.push(...result.messages);
  if (!result.ok || messages.length) throw new HttpError(400, messages);
  return { query: result.value, countTotal: total !== LIST_TOTAL.skip };
}

export function idParam(request: FastifyRequest): string {
  const { id } = request.params as { id: string };
  if (!isUuid(id)) throw notFound(INVALID_ID);
  return id;
}

/** Only `branchId` may accompany a single-record call, and only for branch-owned entities. */
export function checkRecordQuery(entity: EntityDef, request: FastifyRequest) {
  const extra = Object.keys(request.query as object).filter((k) => !(entity.branchOwned && k === 'branchId'));
  if (extra.length) throw badRequest(`ไม่รู้จักพารามิเตอร์: ${extra.join(', ')}`);
}

/** The branch an entity's route acts for (declared `branchScoped: entity.branchOwned`): none for shared records. */
export const entityBranch = (entity: EntityDef, request: FastifyRequest): string | undefined =>
  entity.branchOwned ? actingBranch(request) : undefined;
