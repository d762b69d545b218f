import { entityByName, privacyApi } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { actingPrincipal } from '../auth/acting.ts';
import { touched } from '../crud/columns.ts';
import type { EntityExtension } from '../crud/extensions.ts';
import { recordHistory } from '../crud/history.ts';
import { typed } from '../http/contract.ts';
import { notFound } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { hasAnyKey, logPersonalData, personalFields } from './personalData.ts';

const shipTo = entityByName('shipTo');
const ERASED_NOTE = 'ลบข้อมูลติดต่อตามคำขอของลูกค้า (PDPA)';

/**
 * A ship-to's contact data erased at the customer's request (docs/privacy.md), in one
 * transaction: its phone and LINE id; the phone its bookings copied at confirm; the recipient of every message copy sent about its bookings
 * (a queued one is given up, never sent); the phone and LINE id values in its history. Its bookings,
 * their history and the message texts stay (they hold the appointment, not the contact). The
 * erasure itself is logged, in the history and in the personal-data log.
 */
async function eraseContact(ctx: AuthContext, id: string, userId: string) {
  const fields = personalFields(shipTo).map((f) => f.name);
  return ctx.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('ship_to')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!found) throw notFound();
    await trx
      .updateTable('ship_to')
      .set({ tel: null, line_user_id: null, ...touched(userId) })
      .where('id', '=', id)
      .execute();
    // The bookings' snapshot of the ship-to (spec §3) holds the same phone.
    await trx.updateTable('booking_report').set({ ship_to_tel: null }).where('ship_to_id', '=', id).execute();
    const messages = await trx
      .updateTable('contact_message as m')
      .from('booking_report as b')
      .set((eb) => ({
        recipient: '',
        status: eb.case().when('m.status', '=', 'queued').then('dead').else(eb.ref('m.status')).end(),
        last_error: eb
          .case()
          .when('m.status', '=', 'queued')
          .then(ERASED_NOTE)
          .else(eb.ref('m.last_error'))
          .end(),
      }))
      .whereRef('b.id', '=', 'm.booking_id')
      .where('b.ship_to_id', '=', id)
      .returning('m.id')
      .execute();
    // The old values in the ship-to's own history (a create lists them, an update has from/to);
    // jsonb's `-` of keys is no operator the builder types.
    await trx
      .updateTable('history')
      .set((eb) => ({ changes: sql<string>`${eb.ref('changes')} - ${fields}::text[]` }))
      .where('entity', '=', shipTo.name)
      .where('record_id', '=', id)
      .where((eb) => hasAnyKey(eb.ref('changes'), fields))
      .execute();
    await recordHistory(trx, {
      entity: shipTo,
      recordId: id,
      action: 'update',
      userId,
      changes: { contactErased: ERASED_NOTE },
    });
    await logPersonalData(trx, { userId, action: 'erase', entity: shipTo, recordId: id, fields });
    return { id, messages: messages.length };
  });
}

/** The ship-to's CRUD plus its erasure route: whoever may edit ship-tos may erase their contact data. */
export const shipToExtension: EntityExtension = {
  routes(fastify: FastifyInstance, entity, ctx) {
    typed(fastify).route({
      ...privacyApi.eraseContact,
      schema: { ...privacyApi.eraseContact.schema, tags: [entity.title] },
      config: { access: { entity: entity.name, action: 'update' }, apiKey: 'closed' },
      handler: async (request) => eraseContact(ctx, request.params.id, actingPrincipal(request).userId),
    });
  },
};
