import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type AppointmentView,
  appointmentHtml,
  appointmentPath,
  appointmentText,
  type CustomerDelivery,
  INPUT_BOUNDS,
  MOVE_CHOICE_PATTERN,
  REBOOK_CHOICE_PATTERN,
  type RebookOffer,
} from '@lms/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Appointment } from '../contact/appointment.ts';
import { type AppointmentLinks, publicOf } from '../contact/appointmentService.ts';
import { hasOpenReturns } from '../contact/rebook.ts';
import { customerDeliveries } from '../delivery/views.ts';
import { HttpError } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { loadCompanySettings } from '../settings/company.ts';

/** Where the built page (apps/web/appointment.html) takes the server's HTML. */
export const APPOINTMENT_SLOT = '<!--appointment-->';
/** Without a built web app (API only, tests): the page unstyled, with no script, still whole. */
const BARE_PAGE = `<!doctype html><html lang="th"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>${appointmentText.title}</title></head><body>${APPOINTMENT_SLOT}</body></html>`;
/** A form carries one short field (the move's choice): anything longer is refused before parsing. */
const FORM_BODY_LIMIT = 1024;
/** The rebooking's form carries one longer field (`RebookChoice`, an option's slots and lines). */
const REBOOK_BODY_LIMIT = INPUT_BOUNDS.rebookChoiceLength + 100;
const CHOICE = new RegExp(MOVE_CHOICE_PATTERN);
const REBOOK_CHOICE = new RegExp(REBOOK_CHOICE_PATTERN);
const notes = {
  confirmed: appointmentText.confirmed,
  moved: appointmentText.moved,
  rebooked: appointmentText.rebooked,
} as const;
const isNote = (done: string | undefined): done is keyof typeof notes =>
  done !== undefined && Object.hasOwn(notes, done);

/**
 * The customer's link as a page (issue 41): `GET /public/appointment/<token>` answers the
 * appointment rendered on the server into the built `appointment.html` (its small entry styles
 * it and adds no more than a busy state), so it shows and works with scripts slow or failing.
 * Confirm and move are HTML forms posting here; they run the JSON API's own code
 * (`AppointmentLinks`: the throttle, the token's scope, the rules, the Thai messages) and answer
 * 303 back to the page (post/redirect/get), or the page with the refusal.
 *
 * CSRF: the token in the path is the only key (no cookie, no session), so another site gains
 * nothing it could not do with the token itself; still, a post a browser marks as coming from
 * another site (`Sec-Fetch-Site`, else a foreign `Origin`) is refused, and the page is never cached.
 */
export function appointmentPageRoutes(
  ctx: AuthContext,
  links: AppointmentLinks,
  webDist: string | undefined,
) {
  const built = webDist ? path.join(webDist, 'appointment.html') : undefined;
  const template =
    built && existsSync(built) ? inlineStyles(readFileSync(built, 'utf8'), webDist!) : BARE_PAGE;
  if (!template.includes(APPOINTMENT_SLOT)) throw new Error(`${built} has no ${APPOINTMENT_SLOT} slot`);

  const send = (reply: FastifyReply, status: number, view: AppointmentView) =>
    reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(template.replace(APPOINTMENT_SLOT, () => appointmentHtml(view)));

  /** The page of an open appointment, with what the customer did or why it was refused. */
  async function page(
    token: string,
    appointment: Appointment,
    extra: Pick<Extract<AppointmentView, { kind: 'appointment' }>, 'note' | 'error'> & { move?: boolean },
  ): Promise<AppointmentView> {
    // Asked on every view: with none to offer, the page says why in place of the move's button.
    const asked = links.choices(appointment);
    const [settings, deliveries, choices, rebook] = await Promise.all([
      loadCompanySettings(ctx.db),
      // The delivery's state never hides the appointment.
      customerDeliveries(ctx.db, appointment).catch((): CustomerDelivery[] | null => null),
      // Asked to move, a failure is the page's refusal; otherwise it never hides the appointment.
      extra.move ? asked : asked.catch(() => undefined),
      rebookOf(appointment),
    ]);
    const unmovable =
      !extra.move && choices?.options.length === 0 ? (choices.reason ?? undefined) : undefined;
    return {
      kind: 'appointment',
      token,
      appointment: publicOf(appointment),
      buddhistEra: settings.buddhistEra,
      deliveries,
      note: extra.note,
      error: extra.error,
      move: extra.move ? choices : undefined,
      ...(unmovable ? { unmovable } : {}),
      rebook,
    };
  }

  /** What a failed delivery sent back, when it did and nobody booked it again: the engine's options. */
  async function rebookOf(appointment: Appointment): Promise<RebookOffer | undefined> {
    if (!(await hasOpenReturns(ctx.db, appointment.bookingId))) return undefined;
    try {
      return await links.rebookChoices(appointment);
    } catch (error) {
      // Booked again meanwhile, a DO moved to another ship-to…: the page says why instead.
      if (!(error instanceof HttpError)) throw error;
      return { orders: [], options: [], whyNot: [], reason: error.messages[0] ?? appointmentText.error };
    }
  }

  /** The refusals a customer may meet, as the page says them; anything else is the server's error. */
  function refusal(reply: FastifyReply, error: unknown) {
    if (!(error instanceof HttpError)) throw error;
    const message =
      error.status === 404 ? appointmentText.notFound : (error.messages[0] ?? appointmentText.error);
    return send(reply, error.status, { kind: 'notice', message });
  }

  /** A form's post, from this page: runs `act`, then back to the page (303), or the page with the refusal. */
  async function post(
    request: FastifyRequest<{ Params: { token: string } }>,
    reply: FastifyReply,
    /** Answers where to go next: this page, or the new booking's (a rebooking), with its note. */
    act: (appointment: Appointment) => Promise<{ done: keyof typeof notes; path?: string }>,
    move: boolean,
    /** A rebooking's post opens the link past its day while something waits to be booked. */
    purpose: 'appointment' | 'rebook' = 'appointment',
  ) {
    const { token } = request.params;
    if (fromOtherSite(request))
      return send(reply, 403, { kind: 'notice', message: appointmentText.otherSite });
    let appointment: Appointment;
    try {
      appointment = await links.open(request, token, purpose);
    } catch (error) {
      return refusal(reply, error);
    }
    try {
      const next = await act(appointment);
      return reply
        .code(303)
        .header('Cache-Control', 'no-store')
        .redirect(`${next.path ?? appointmentPath(token)}?done=${next.done}`, 303);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status === 410) return refusal(reply, error);
      // A choice taken meanwhile, the same slot…: the page again, with why, and fresh choices.
      const message = error.messages[0] ?? appointmentText.error;
      return send(reply, error.status, await page(token, appointment, { error: message, move }));
    }
  }

  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const config = { access: { public: true } } as const;
    // Pages for a person, not calls: left out of the API's description (the JSON API's twins are in it).
    const schema = { hide: true };

    app.get<{ Params: { token: string }; Querystring: { move?: string; done?: string } }>(
      '/public/appointment/:token',
      { config, schema },
      async (request, reply) => {
        const { token } = request.params;
        try {
          // Past its day, the page still opens while what came back waits: only the rebooking shows.
          const appointment = await links.open(request, token, 'rebook');
          const done = request.query.done;
          const note = isNote(done) ? notes[done] : undefined;
          return send(reply, 200, await page(token, appointment, { note, move: request.query.move === '1' }));
        } catch (error) {
          return refusal(reply, error);
        }
      },
    );

    app.post<{ Params: { token: string } }>(
      '/public/appointment/:token/confirm',
      { config, schema },
      (request, reply) =>
        post(
          request,
          reply,
          async (appointment) => {
            await links.confirm(appointment);
            return { done: 'confirmed' };
          },
          false,
        ),
    );

    app.post<{ Params: { token: string }; Body: { choice?: unknown } }>(
      '/public/appointment/:token/move',
      { config, schema },
      (request, reply) =>
        post(
          request,
          reply,
          async (appointment) => {
            // The same bound as the API's `MoveChoice`: an opaque 22-character name, nothing else.
            await links.move(appointment, formChoice(request.body, CHOICE, 22));
            return { done: 'moved' };
          },
          true,
        ),
    );

    // A returned DO booked anew: on to the new booking's own page (its link), which says so.
    app.post<{ Params: { token: string }; Body: { choice?: unknown } }>(
      '/public/appointment/:token/rebook',
      { config, schema, bodyLimit: REBOOK_BODY_LIMIT },
      (request, reply) =>
        post(
          request,
          reply,
          async (appointment) => {
            // The API's `RebookChoice` bound: checked before anything is decoded.
            const choice = formChoice(request.body, REBOOK_CHOICE, INPUT_BOUNDS.rebookChoiceLength);
            const booked = await links.rebook(appointment, choice);
            return { done: 'rebooked', path: booked.link };
          },
          false,
          'rebook',
        ),
    );
  };
}

/** A form's `choice`, held to its bound and pattern before anything reads it, else a Thai 400. */
function formChoice(body: { choice?: unknown } | undefined, pattern: RegExp, max: number): string {
  const choice = body?.choice;
  if (typeof choice !== 'string' || choice.length > max || !pattern.test(choice))
    throw new HttpError(400, [appointmentText.chooseFromList]);
  return choice;
}

/**
 * The page's stylesheets written into it (a few kB): on a phone's slow link each `<link>` costs a
 * round trip (a new connection, ~0.6 s on Fast 3G) before anything paints, and the customer opens
 * the page once, so there is no cache to win. The fonts stay files (`font-display: swap`).
 */
export function inlineStyles(html: string, webDist: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (tag, file: string) => {
      const css = path.join(webDist, file);
      return existsSync(css) ? `<style>${readFileSync(css, 'utf8')}</style>` : tag;
    },
  );
}

/**
 * A post another site's page made the browser send: `Sec-Fetch-Site` says so where the browser
 * sends it; else a real `Origin` that is not this host. (`Origin: null` is what a same-origin post
 * carries under the app's `Referrer-Policy: no-referrer`, so it is not refused.)
 */
export function fromOtherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}
