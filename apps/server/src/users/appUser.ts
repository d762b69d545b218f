import { type AccessHolder, appUserApi, isKnownRole, userAdministrationRefusal } from '@lms/domain';
import { isUuid } from '../auth/access.ts';
import { actingPrincipal } from '../auth/acting.ts';
import { hashPassword, randomPassword } from '../auth/password.ts';
import { notifyPrincipalChange, type Principal } from '../auth/principal.ts';
import { replacePassword, revokeAllSessions } from '../auth/sessions.ts';
import type { EntityExtension } from '../crud/extensions.ts';
import { recordHistory } from '../crud/history.ts';
import type { Row } from '../crud/repository.ts';
import { findRecord } from '../crud/repository.ts';
import type { Executor } from '../db/database.ts';
import { typed } from '../http/contract.ts';
import { forbidden, notFound } from '../http/errors.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const ids = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);

/** The roles (through its permission groups) and branches a user row gives, as stored in `trx`. */
async function accessOf(trx: Executor, row: Row): Promise<AccessHolder> {
  const groupIds = ids(row.roleGroupIds);
  const rows = groupIds.length
    ? await trx
        .selectFrom('app_role_group')
        .select((eb) => eb.fn<string>('unnest', ['roles']).as('role'))
        .distinct()
        .where((eb) => eb('id', '=', eb.fn.any(eb.val(groupIds))))
        .execute()
    : [];
  return { roles: rows.map((r) => r.role), branchIds: ids(row.branchIds) };
}

/** What `principal` may not do to this user (the domain's rule), in Thai; nothing when allowed. */
async function administrationRefusal(
  db: Executor,
  principal: Principal,
  target: { before?: Row; after?: Row },
): Promise<string | undefined> {
  return userAdministrationRefusal(principal, {
    before: target.before && (await accessOf(db, target.before)),
    after: target.after && (await accessOf(db, target.after)),
  });
}

/** Refuses (403, rolling the write back) what `principal` may not do to this user. */
async function checkUserAdministration(
  db: Executor,
  principal: Principal,
  target: { before?: Row; after?: Row },
) {
  const refusal = await administrationRefusal(db, principal, target);
  if (refusal) throw forbidden(refusal);
}

/**
 * Users: a new user gets a temporary password answered once (must be changed at first sign-in);
 * a change to a user's groups, branches or active flag ends their sessions at the next request.
 */
export const appUserExtension: EntityExtension = {
  // Groups and branches granted, and the user's own: asked by the import's check and every write.
  refusal: (db, write) => administrationRefusal(db, write.principal, write),
  async afterWrite(trx, write, ctx) {
    if (write.action === 'create') {
      const temporaryPassword = randomPassword();
      const hash = await ctx.hashing.run(`user:${write.principal.userId}`, () =>
        hashPassword(temporaryPassword),
      );
      await trx
        .updateTable('app_user')
        .set((eb) => ({
          password_hash: hash,
          must_change_password: true,
          active: eb.fn.coalesce('active', eb.lit(true)),
        }))
        .where('id', '=', write.id)
        .execute();
      return { temporaryPassword };
    }
    if (write.action === 'update') {
      const { before, after } = write;
      const accessChanged = ['roleGroupIds', 'branchIds', 'active'].some(
        (k) => !same(before?.[k], after?.[k]),
      );
      if (accessChanged) await revokeAllSessions(trx, write.id);
    }
    // Whatever changed (a name, a role, the user deleted), every instance drops the user's cached
    // sessions when this commits; this instance answers once it heard so itself.
    ctx.principals.expect(write.id);
    await notifyPrincipalChange(trx, write.id);
    return undefined;
  },
  async afterCommit(write, ctx) {
    await ctx.principals.settle(write.id);
  },
  routes(app, entity, ctx) {
    typed(app).route({
      ...appUserApi.resetPassword,
      config: { access: { entity: entity.name, action: 'resetPassword' }, apiKey: 'closed' },
      schema: { ...appUserApi.resetPassword.schema, tags: [entity.title] },
      // An id that is no UUID is a record not found, before the schema would call it malformed.
      preValidation: async (request) => {
        if (!isUuid(request.params.id)) throw notFound();
      },
      handler: async (request) => {
        const { id } = request.params;
        const principal = actingPrincipal(request);
        const temporaryPassword = randomPassword();
        // Refused before any hashing: a refusal costs the queue nothing.
        const target = await findRecord(ctx.db, entity, id);
        if (!target) throw notFound();
        await checkUserAdministration(ctx.db, principal, { before: target });
        const hash = await ctx.hashing.run(`user:${principal.userId}`, () => hashPassword(temporaryPassword));
        await ctx.principals.revoke(id, () =>
          ctx.db.transaction().execute(async (trx) => {
            // Resetting hands over the account: it needs every role and branch the user holds.
            const before = await findRecord(trx, entity, id, undefined, true);
            if (!before) throw notFound();
            await checkUserAdministration(trx, principal, { before });
            await replacePassword(trx, id, hash, { temporary: true, by: principal.userId });
            await recordHistory(trx, {
              entity,
              recordId: id,
              action: 'update',
              changes: { password: 'รีเซ็ตรหัสผ่าน' },
              userId: principal.userId,
            });
          }),
        );
        return { temporaryPassword };
      },
    });
  },
};

/** Permission groups: only roles of the catalogue; a change reaches every session at the next request. */
export const appRoleGroupExtension: EntityExtension = {
  validate(values): Record<string, string> {
    const roles = (values.roles as string[] | undefined) ?? [];
    const unknown = roles.filter((role) => !isKnownRole(role));
    return unknown.length ? { roles: `ไม่รู้จักสิทธิ์: ${unknown.join(', ')}` } : {};
  },
  async afterWrite(trx, _write, ctx) {
    ctx.principals.expect('*');
    await notifyPrincipalChange(trx, '*');
    return undefined;
  },
  async afterCommit(_write, ctx) {
    await ctx.principals.settle('*');
  },
};
