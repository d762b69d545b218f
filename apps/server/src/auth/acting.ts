import type { DateFormatOptions } from '@lms/domain';
import type { FastifyRequest } from 'fastify';
import { eraOf, type Principal } from './principal.ts';

/** Who a signed-in request acts as, and its branch as the route declared it (auth/access.ts checked both). */
export type Acting = { readonly principal: Principal } & (
  | { readonly declared: 'branchScoped'; readonly branchId: string }
  | { readonly declared: 'branchOptional'; readonly branchId: string | undefined }
  | { readonly declared: 'noBranch' }
);

const actingOf = new WeakMap<FastifyRequest, Acting>();

/** The access hook's finding, for the accessors below. */
export function setActing(request: FastifyRequest, acting: Acting): void {
  actingOf.set(request, acting);
}

/** A route reading what it did not declare is a bug in the route: a 500, never a guess. */
function undeclared(request: FastifyRequest, what: string): Error {
  return new Error(`${request.method} ${request.routeOptions.url} reads ${what} but does not declare it`);
}

function found(request: FastifyRequest): Acting {
  const acting = actingOf.get(request);
  if (!acting) throw undeclared(request, 'the acting principal (a public route)');
  return acting;
}

/** Who is calling: a signed-in route's principal. */
export const actingPrincipal = (request: FastifyRequest): Principal => found(request).principal;

/** The era the caller reads dates in (`eraOf`): for the days a refusal names. */
export const actingEra = (request: FastifyRequest): DateFormatOptions => eraOf(actingPrincipal(request));

/** The branch a `branchScoped` route acts for, checked against the principal's branches. */
export function actingBranch(request: FastifyRequest): string {
  const acting = found(request);
  if (acting.declared !== 'branchScoped') throw undeclared(request, 'the acting branch (branchScoped)');
  return acting.branchId;
}

/** The branch a `branchOptional` (or `branchScoped`) route acts for, if the call named one. */
export function optionalBranch(request: FastifyRequest): string | undefined {
  const acting = found(request);
  if (acting.declared === 'noBranch') throw undeclared(request, 'a branch (branchOptional)');
  return acting.branchId;
}
