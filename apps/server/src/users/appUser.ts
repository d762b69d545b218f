import { isKnownRole, ResetPasswordAnswer } from '@lms/domain';
import { sql } from 'kysely';
import { isUuid } from '../auth/access.ts';
import { hashPassword, randomPassword } from '../auth/password.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import type { EntityExtension } from '../crud/extensions.ts';
import { recordHistory } from '../crud/history.ts';
import { findRecord } from '../crud/repository.ts';
import { notFound } from '../http/errors.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Users: a new user gets a temporary password answered once (must be changed at first sign-in);
 * a change to a user's groups, branches or active flag ends their sessions at the next request.
 */
export const appUserExtension: EntityExtension = {
  async afterWrite(trx, write) {
    if (write.action === 'create') {
      const temporaryPassword = randomPassword();
      await sql`update app_user set password_hash = ${await hashPassword(temporaryPassword)}, must_change_password = true,
        active = coalesce(active, true) where id = ${write.id}`.execute(trx);
      return { temporaryPassword };
    }
    if (write.action === 'update') {
      const { before, after } = write;
      const accessChanged = ['roleGroupIds', 'branchIds', 'active'].some(
        (k) => !same(before?.[k], after?.[k]),
      );
      if (accessChanged) await revokeAllSessions(trx as never, write.id);
    }
    return undefined;
  },
  afterCommit(write, ctx) {
    ctx.principals.invalidateUser(write.id);
  },
  routes(app, entity, ctx) {
    app.post(
      `/${entity.name}/:id/resetPassword`,
      {
        config: { access: { entity: entity.name, action: 'resetPassword' } },
        schema: { tags: [entity.title], response: { 200: ResetPasswordAnswer } },
      },
      async (request) => {
        const { id } = request.params as { id: string };
        if (!isUuid(id) || !(await findRecord(ctx.db, entity, id))) throw notFound();
        const temporaryPassword = randomPassword();
        const hash = await hashPassword(temporaryPassword);
        await ctx.db.transaction().execute(async (trx) => {
          await sql`update app_user set password_hash = ${hash}, must_change_password = true, updated_at = now(),
            updated_by = ${request.principal!.userId} where id = ${id}`.execute(trx);
          await revokeAllSessions(trx as never, id);
          await recordHistory(trx, {
            entity,
            recordId: id,
            action: 'update',
            changes: { password: 'รีเซ็ตรหัสผ่าน' },
            userId: request.principal!.userId,
          });
        });
        ctx.principals.invalidateUser(id);
        return { temporaryPassword };
      },
    );
  },
};

/** Permission groups: only roles of the catalogue; a change reaches every session at the next request. */
export const appRoleGroupExtension: EntityExtension = {
  validate(values): Record<string, string> {
    const roles = (values.roles as string[] | undefined) ?? [];
    const unknown = roles.filter((role) => !isKnownRole(role));
    return unknown.length ? { roles: `ไม่รู้จักสิทธิ์: ${unknown.join(', ')}` } : {};
  },
  afterCommit(_write, ctx) {
    ctx.principals.invalidateAll();
  },
};
