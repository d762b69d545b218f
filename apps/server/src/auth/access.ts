import { can, deliveryMessages, type EntityAction, type EntityName, INTEGRATION_MESSAGES } from '@lms/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, forbidden, HttpError, unauthorized } from '../http/errors.ts';
import { setActing } from './acting.ts';
import type { Principal, PrincipalResolver, PrincipalStore } from './principal.ts';
import type { TokenService } from './tokens.ts';

/**
 * What a route needs, declared on the route itself (`config.access`). A route under /api
 * without one is refused when it is registered, so none can slip through unprotected.
 */
export type Access =
  | { readonly public: true }
  | { readonly signedIn: true }
  | { readonly entity: EntityName; readonly action: EntityAction }
  | {
      readonly roles: readonly string[];
      /** The Thai 403 that names the rule (who may); else the generic `noRole`. */
      readonly refusal?: string;
    };

/**
 * Whether an ERP API key may call a route (docs/security.md "Key policy"), declared beside its
 * `access`: a key reaches only the routes that say `open`; any other route refuses it.
 */
export type ApiKeyPolicy = 'open' | 'closed';

export interface RouteAccessConfig {
  readonly access?: Access;
  readonly apiKey?: ApiKeyPolicy;
  /**
   * Whether a driver's trip link reaches the route (docs/security.md "Trip links"): only `open`
   * routes, which answer for the link's own trip; every other route refuses it. Deny by default.
   */
  readonly tripLink?: 'open';
  /** The route acts for one branch: `branchId` in the query, which the user must be allowed. */
  readonly branchScoped?: boolean;
  /**
   * The route may act for a branch: a `branchId` in the query is checked as for `branchScoped`
   * (then `optionalBranch(request)` gives it); without one the route answers for no branch.
   */
  readonly branchOptional?: boolean;
  /** Allowed while the user still has to change a first/reset password. */
  readonly allowedBeforePasswordChange?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccessConfig {}
}

export const messages = {
  missingToken: 'กรุณาเข้าสู่ระบบ',
  expired: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง',
  revoked: 'เซสชันนี้ถูกยกเลิกแล้ว กรุณาเข้าสู่ระบบอีกครั้ง',
  invalid: 'โทเค็นไม่ถูกต้อง กรุณาเข้าสู่ระบบอีกครั้ง',
  mustChangePassword: 'กรุณาเปลี่ยนรหัสผ่านก่อนใช้งาน',
  noRole: 'คุณไม่มีสิทธิ์ใช้งานส่วนนี้',
  branchRequired: 'กรุณาเลือกบริษัทเพื่อเข้าใช้งาน',
  branchNotAllowed: 'คุณไม่มีสิทธิ์ใช้งานข้อมูลของสาขานี้',
} as const;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && uuidPattern.test(value);

/** Every API route registered, with what it declared: the access matrix test walks this list. */
export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
  readonly access: Access;
  /** Undefined when the route declares no key policy (keys are refused; the key policy test names it). */
  readonly apiKey: ApiKeyPolicy | undefined;
  readonly branchScoped: boolean;
  /** A trip link reaches it (`tripLink: 'open'`). */
  readonly tripLink: boolean;
}

export function registerAccessControl(
  app: FastifyInstance,
  tokens: TokenService,
  principals: PrincipalStore,
  registry: RegisteredRoute[],
  /** Bearer tokens other than sessions that features resolve (app.ts wires them). */
  resolvers: readonly PrincipalResolver[] = [],
): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
    // The API description is public by design: it describes the calls, it holds no data.
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: { public: true } };
    const config = route.config as RouteAccessConfig | undefined;
    if (!config?.access)
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    // Which calls an ERP key reaches is part of a signed-in route's declaration, never a default.
    if (!('public' in config.access) && !config.apiKey)
      throw new Error(`Route ${String(route.method)} ${route.url} declares no API key policy`);
    for (const method of [route.method].flat()) {
      registry.push({
        method,
        url: route.url,
        access: config.access,
        apiKey: config.apiKey,
        branchScoped: Boolean(config.branchScoped),
        tripLink: config.tripLink === 'open',
      });
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config as RouteAccessConfig | undefined;
    const access = config?.access;
    if (!access || 'public' in access) return;
    const principal = await authenticate(request, tokens, principals, resolvers);
    if (principal.apiKeyId && config.apiKey !== 'open')
      throw forbidden(INTEGRATION_MESSAGES.apiKeyNotAllowed);
    if (principal.tripLink && config.tripLink !== 'open') throw forbidden(deliveryMessages.linkNotAllowed);
    if (principal.mustChangePassword && !config.allowedBeforePasswordChange)
      throw forbidden(messages.mustChangePassword);
    authorize(principal, access);
    setActing(
      request,
      config.branchScoped
        ? { principal, declared: 'branchScoped', branchId: checkBranch(request, principal) }
        : config.branchOptional
          ? {
              principal,
              declared: 'branchOptional',
              branchId: hasBranchParam(request) ? checkBranch(request, principal) : undefined,
            }
          : { principal, declared: 'noBranch' },
    );
  });
}

async function authenticate(
  request: FastifyRequest,
  tokens: TokenService,
  principals: PrincipalStore,
  resolvers: readonly PrincipalResolver[],
) {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw unauthorized(messages.missingToken);
  const resolver = resolvers.find((r) => r.claims(match[1]!));
  if (resolver) {
    const principal = await resolver.resolve(match[1]);
    if (!principal) throw unauthorized(resolver.invalid);
    return principal;
  }
  const claims = await tokens.check(match[1]);
  if (claims === 'expired') throw unauthorized(messages.expired);
  if (claims === 'invalid' || !isUuid(claims.sessionId) || !isUuid(claims.userId))
    throw unauthorized(messages.invalid);
  const principal = await principals.load(claims.sessionId, claims.userId, claims.tokenVersion);
  if (principal === 'expired') throw unauthorized(messages.expired);
  if (principal === 'revoked') throw unauthorized(messages.revoked);
  return principal;
}

function authorize(principal: Principal, access: Access): void {
  if ('signedIn' in access) return;
  if ('roles' in access) {
    if (!access.roles.some((role) => principal.roles.includes(role)))
      throw forbidden(access.refusal ?? messages.noRole);
    return;
  }
  if ('entity' in access) {
    const verdict = can(principal.roles, access.entity, access.action);
    if (!verdict.can) throw new HttpError(403, [verdict.reason ?? messages.noRole]);
  }
}

function hasBranchParam(request: FastifyRequest): boolean {
  return (request.query as Record<string, unknown> | undefined)?.branchId !== undefined;
}

function checkBranch(request: FastifyRequest, principal: Principal): string {
  const branchId = (request.query as Record<string, unknown> | undefined)?.branchId;
  if (branchId === undefined || branchId === '') throw badRequest(messages.branchRequired);
  if (!isUuid(branchId)) throw badRequest(messages.branchRequired);
  if (!principal.isAdmin && !principal.branchIds.includes(branchId))
    throw forbidden(messages.branchNotAllowed);
  return branchId;
}
