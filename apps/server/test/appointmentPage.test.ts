import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, appointmentMessages, appointmentText, featureRoles, formatDate } from '@lms/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { writeSetting } from '../src/db/appSetting.ts';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario, oneDoDraft } from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * The customer's link as a server-rendered page with HTML forms (issue 41): it shows and works with
 * no script at all, through the JSON API's own rules, token scope and Thai messages.
 */

// A built appointment.html as Vite leaves it: the page's own script and the server's slot.
const dist = mkdtempSync(path.join(tmpdir(), 'lms-web-appointment-'));
const SCRIPT = '<script type="module" crossorigin src="/assets/appointment-Ab12.js"></script>';
const STYLE = '<link rel="stylesheet" crossorigin href="/assets/appointment-Cd34.css">';
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'assets/appointment-Cd34.css'), '.page { color: red; }');
writeFileSync(
  path.join(dist, 'appointment.html'),
  `<!doctype html><html lang="th"><head>${SCRIPT}${STYLE}</head><body><!--appointment--></body></html>`,
);
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');

const server = setupTestServer({ webDist: dist });
type World = Awaited<ReturnType<typeof bookingScenario>>;

async function booked() {
  const world = await bookingScenario(server.db, { deliveryOrders: 2 });
  const user = await createUser(server.db, {
    roles: featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
    branchIds: [world.branchId],
  });
  const token = await signIn(server.api, user);
  const q = `branchId=${world.branchId}`;
  const draft = await call(server.api, 'POST', `/doBooking/draft?${q}`, {
    token,
    body: oneDoDraft(world, world.deliveryOrderIds[0]!),
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const confirmed = await call(server.api, 'POST', `/doBooking/confirm?id=${draft.body.draft.id}&${q}`, {
    token,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  const bookingId = confirmed.body.id as string;
  return { world, bookingId, path: `/public/appointment/${server.app.auth.contact.links.token(bookingId)}` };
}

/** A slot of the booking's shift tomorrow: where the booking may move. */
async function tomorrowSlot(world: World) {
  const date = addDays(world.today, 1);
  await insertRecords(server.db, 'vehicleDateSlot', [
    {
      branchId: world.branchId,
      shiftDate: date,
      shiftOfDayId: world.shiftOfDayId,
      vehicleTypeId: world.vehicleTypeId,
      shipCondId: world.shipCondId,
      total: 1,
      special: 0,
    },
  ]);
  return date;
}

/** A form post as a browser sends it from the page itself (no redirect followed). */
const post = (url: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    body: new URLSearchParams(form).toString(),
  });
const page = async (url: string) => {
  const answer = await fetch(`${server.origin}${url}`);
  return { status: answer.status, headers: answer.headers, html: await answer.text() };
};
const callStatus = async (bookingId: string) =>
  (
    await sql<{
      call_status: string;
    }>`select call_status from booking_report where id = ${bookingId}`.execute(server.db)
  ).rows[0]!.call_status;

describe('the customer’s appointment page', () => {
  it('is the appointment in HTML, in the company’s era, inside the built page, never cached', async () => {
    const { world, path: link } = await booked();
    const shown = await page(link);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toMatch(/^text\/html/);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.html).toContain(SCRIPT);
    // Its stylesheet inside it: no round trip before the first paint.
    expect(shown.html).toContain('<style>.page { color: red; }</style>');
    expect(shown.html).not.toContain(STYLE);
    expect(shown.html).not.toContain('<!--appointment-->');
    expect(shown.html).toContain(`<h1>${appointmentText.title}</h1>`);
    expect(shown.html).toContain(formatDate(world.today, { buddhistEra: true }));
    expect(shown.html).toContain(`<form method="post" action="${link}/confirm">`);

    await writeSetting(server.db, 'companySettings', { buddhistEra: false });
    try {
      const christian = await page(link);
      expect(christian.html).toContain(formatDate(world.today, { buddhistEra: false }));
      expect(christian.html).not.toContain(formatDate(world.today, { buddhistEra: true }));
    } finally {
      await writeSetting(server.db, 'companySettings', { buddhistEra: true });
    }
  });

  it('confirms by a form post: 303 back to the page, which says so and offers no confirm again', async () => {
    const { bookingId, path: link } = await booked();
    const answer = await post(`${link}/confirm`);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${link}?done=confirmed`);
    expect(await callStatus(bookingId)).toBe('CONFIRMED_BY_CUSTOMER');
    const after = await page(`${link}?done=confirmed`);
    expect(after.html).toContain(appointmentText.confirmed);
    expect(after.html).not.toContain(`${link}/confirm`);
    // The JSON API tells the same: one set of rules behind both doors.
    expect((await call(server.api, 'GET', link)).body.confirmed).toBe(true);
  });

  it('refuses a post another site made the browser send, and changes nothing', async () => {
    const { bookingId, path: link } = await booked();
    const crossSite = await post(`${link}/confirm`, {}, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toContain(appointmentText.otherSite);
    const foreignOrigin = await fetch(`${server.origin}${link}/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: '',
    });
    expect(foreignOrigin.status).toBe(403);
    expect(await callStatus(bookingId)).not.toBe('CONFIRMED_BY_CUSTOMER');
  });

  it('moves by a form post to a choice the page offered; a choice not offered is refused in Thai', async () => {
    const { world, path: link } = await booked();
    const tomorrow = await tomorrowSlot(world);
    const choosing = await page(`${link}?move=1`);
    expect(choosing.html).toContain(appointmentText.chooseSlot);
    const choice = /name="choice" value="([A-Za-z0-9_-]{22})"/.exec(choosing.html)?.[1];
    expect(choice, choosing.html).toBeDefined();
    expect(choosing.html).toContain(formatDate(tomorrow, { buddhistEra: true }));

    const bad = await post(`${link}/move`, { choice: 'x'.repeat(500) });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(appointmentText.chooseFromList);
    const unknown = await post(`${link}/move`, { choice: 'A'.repeat(22) });
    expect(unknown.status).toBe(409);
    expect(await unknown.text()).toContain(appointmentMessages.choiceGone);

    const moved = await post(`${link}/move`, { choice: choice! });
    expect(moved.status).toBe(303);
    expect(moved.headers.get('location')).toBe(`${link}?done=moved`);
    const after = await page(`${link}?done=moved`);
    expect(after.html).toContain(appointmentText.moved);
    expect((await call(server.api, 'GET', link)).body.date).toBe(tomorrow);
  });

  it('an unknown, overlong or oversized request is a Thai page, not the appointment', async () => {
    const unknown = await page('/public/appointment/nobody');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain(appointmentText.notFound);
    // Fastify refuses a path parameter past 100 characters before any route (maxParamLength).
    expect((await page(`/public/appointment/${'x'.repeat(201)}`)).status).toBe(414);
    const { path: link } = await booked();
    expect((await post(`${link}/move`, { choice: 'x'.repeat(2000) })).status).toBe(413);
  });
});
