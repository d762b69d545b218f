import {
  appointmentApi,
  type MoveOption,
  type PublicAppointment,
  type RebookOffer,
} from '../api/appointment.ts';
import { pathOf } from '../api/common.ts';
import type { CustomerDelivery } from '../api/delivery.ts';
import { formatDate, formatTime } from '../rules/dateFormat.ts';
import { appointmentText, deliveryStatusText } from './appointmentText.ts';

/**
 * The customer's appointment page as HTML (issue 41): what the link opens, whole before any
 * script runs, its buttons real forms. Declared here, once, because two parts show it: the
 * server sends it (apps/server/src/customerPage/appointmentPage.ts) and the stories show it to
 * designers and QA (apps/web/src/appointment/AppointmentPage.stories.tsx). Pure strings, no I/O.
 * The words are the domain's (`appointmentText`, `deliveryStatusText`), the classes are styled by
 * the page's own small entry (apps/web/src/appointment/appointment.css). Written by hand: a
 * handful of elements, every value escaped by `htmlText()`; a template engine or React on the server
 * would be more to load than the page.
 */

/** The link page's own path and its forms' (the customer's link, `/public/appointment/<token>`): the API's paths. */
export const appointmentPath = (token: string, action?: 'confirm' | 'move' | 'rebook') =>
  pathOf(appointmentApi[action ?? 'read'], { token });

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** A value as HTML text or attribute: never markup. */
export const htmlText = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export type AppointmentView =
  | {
      readonly kind: 'appointment';
      readonly token: string;
      readonly appointment: PublicAppointment;
      /** The company's era (CompanySettings.buddhistEra): every date follows it. */
      readonly buddhistEra: boolean;
      /** null: the delivery's state could not be read (the appointment still shows). */
      readonly deliveries: readonly CustomerDelivery[] | null;
      /** What the customer just did (`appointmentText.confirmed`, `.moved`). */
      readonly note?: string;
      /** Why what the customer asked was not done (the server's Thai message). */
      readonly error?: string;
      /** The move's choices, when the customer asked to move. */
      readonly move?: { readonly options: readonly MoveOption[]; readonly reason: string | null };
      /**
       * Why the link offers no other day and shift (planned, its truck in, nothing free): said in
       * place of the move's button, so that the customer is not sent to a choice with none in it.
       */
      readonly unmovable?: string;
      /** What a failed delivery sent back, to book anew (in place of confirm and move). */
      readonly rebook?: RebookOffer;
    }
  | { readonly kind: 'notice'; readonly message: string };

export function appointmentHtml(view: AppointmentView): string {
  const title = `<h1>${htmlText(appointmentText.title)}</h1>`;
  if (view.kind === 'notice')
    return `<main class="page">${title}<p class="notice" role="alert">${htmlText(view.message)}</p></main>`;
  const { appointment: a, token, buddhistEra } = view;
  const date = (iso: string) => formatDate(iso, { buddhistEra });
  const fact = (term: string, value: string) => `<dt>${htmlText(term)}</dt><dd>${htmlText(value)}</dd>`;
  const parts = [
    title,
    view.note ? `<p class="done" role="status">${htmlText(view.note)}</p>` : '',
    view.error ? `<p class="notice" role="alert">${htmlText(view.error)}</p>` : '',
    `<section class="card" aria-label="${htmlText(appointmentText.title)}">`,
    `<p class="customer">${htmlText(a.customer)}</p><dl class="facts">`,
    fact(appointmentText.day, date(a.date)),
    fact(appointmentText.shift, appointmentText.shiftOf(a)),
    a.time ? fact(appointmentText.time, appointmentText.timeOf(a.time)) : '',
    fact(appointmentText.orders, a.orders.join(', ')),
    fact(appointmentText.branch, a.branchName),
    '</dl></section>',
    deliveryHtml(view.deliveries, (view.rebook?.options.length ?? 0) > 0),
    view.rebook
      ? rebookHtml(token, view.rebook, date)
      : view.move
        ? moveHtml(token, view.move, date)
        : actionsHtml(token, a, view.unmovable),
    a.branchPhone
      ? `<a class="call" href="tel:${htmlText(a.branchPhone.replace(/[^\d+]/g, ''))}">${htmlText(appointmentText.call(a.branchPhone))}</a>`
      : '',
  ];
  return `<main class="page">${parts.join('')}</main>`;
}

function actionsHtml(token: string, a: PublicAppointment, unmovable: string | undefined): string {
  const confirm = a.confirmed
    ? ''
    : `<form method="post" action="${htmlText(appointmentPath(token, 'confirm'))}"><button class="button primary" type="submit">${htmlText(appointmentText.confirm)}</button></form>`;
  // Asking for the choices changes nothing: a GET of the page with `move=1`; the choosing is a post.
  const move = unmovable
    ? `<p>${htmlText(unmovable)}</p>`
    : `<form method="get" action="${htmlText(appointmentPath(token))}"><input type="hidden" name="move" value="1" /><button class="button secondary" type="submit">${htmlText(appointmentText.move)}</button></form>`;
  return `<div class="actions">${confirm}${move}</div>`;
}

function moveHtml(
  token: string,
  move: { readonly options: readonly MoveOption[]; readonly reason: string | null },
  date: (iso: string) => string,
): string {
  const choices = move.options
    .map(
      (o) =>
        `<button class="button secondary" type="submit" name="choice" value="${htmlText(o.choice)}">${htmlText(`${date(o.date)} ${appointmentText.shiftOf(o)}`)}</button>`,
    )
    .join('');
  return [
    '<section aria-labelledby="move-title">',
    `<h2 id="move-title">${htmlText(appointmentText.chooseSlot)}</h2>`,
    move.options.length === 0 ? `<p>${htmlText(move.reason || appointmentText.noOptions)}</p>` : '',
    `<form class="actions" method="post" action="${htmlText(appointmentPath(token, 'move'))}">${choices}</form>`,
    `<div class="actions"><a class="button ghost" href="${htmlText(appointmentPath(token))}">${htmlText(appointmentText.cancelMove)}</a></div>`,
    '</section>',
  ].join('');
}

/** How many of the engine's refusals the page lists (the days nearest first): enough to say why. */
const WHY_NOT_SHOWN = 5;

/**
 * The DOs a failed delivery sent back and the engine's options for them (docs/delivery.md "The
 * customer chooses a new slot"): one post per option, named by its opaque choice.
 */
function rebookHtml(token: string, offer: RebookOffer, date: (iso: string) => string): string {
  const label = (o: RebookOffer['options'][number]) =>
    o.slots.map((slot) => `${date(slot.date)} ${appointmentText.shiftOf(slot)}`).join(' และ ');
  const choices = offer.options
    .map(
      (o) =>
        `<button class="button secondary" type="submit" name="choice" value="${htmlText(o.choice)}">${htmlText(label(o))}</button>`,
    )
    .join('');
  const orders = offer.orders
    .map((o) => `<li>${htmlText(`${o.docNo}: ${o.qty.toLocaleString('th-TH')}`)}</li>`)
    .join('');
  const whyNot = offer.whyNot
    .slice(0, WHY_NOT_SHOWN)
    .map((w) => `<li>${htmlText(`${date(w.date)}: ${w.message}`)}</li>`)
    .join('');
  return [
    '<section aria-labelledby="rebook-title">',
    `<h2 id="rebook-title">${htmlText(appointmentText.rebookTitle)}</h2>`,
    `<p>${htmlText(appointmentText.rebookOrders)}</p><ul>${orders}</ul>`,
    offer.reason ? `<p>${htmlText(offer.reason)}</p>` : '',
    choices
      ? `<form class="actions" method="post" action="${htmlText(appointmentPath(token, 'rebook'))}">${choices}</form>`
      : '',
    whyNot
      ? `<details><summary>${htmlText(appointmentText.rebookWhyNot)}</summary><ul>${whyNot}</ul></details>`
      : '',
    '</section>',
  ].join('');
}

/** The delivery's state (issue 39). */
/** `rebookOffered`: the page offers new days below, so a failure's "the branch will call" says so. */
function deliveryHtml(deliveries: readonly CustomerDelivery[] | null, rebookOffered: boolean): string {
  if (deliveries === null) return `<p class="muted">${htmlText(deliveryStatusText.error)}</p>`;
  if (deliveries.length === 0) return '';
  const line = (value: string) => `<span>${htmlText(value)}</span>`;
  const states = deliveries.map((d) => {
    const lines = [`<strong>${htmlText(d.stateLabel)}</strong>`];
    if (d.state === 'PLANNED' && d.plannedTime) lines.push(line(deliveryStatusText.planned(d.plannedTime)));
    if (d.state === 'ON_THE_WAY') lines.push(line(deliveryStatusText.onTheWay(d.stopsBefore ?? 0, d.eta)));
    if (d.state === 'ARRIVED') lines.push(line(deliveryStatusText.arrived));
    if (d.state === 'DELIVERED' || d.state === 'PARTIAL') {
      if (d.deliveredAt) lines.push(line(deliveryStatusText.deliveredAt(formatTime(d.deliveredAt))));
      if (d.recipient) lines.push(line(deliveryStatusText.recipient(d.recipient)));
    }
    if (d.state === 'FAILED') {
      if (d.reasonLabel) lines.push(line(deliveryStatusText.reason(d.reasonLabel)));
      if (!rebookOffered && d.next) lines.push(`<span class="next">${htmlText(d.next)}</span>`);
    }
    // What did not arrive may be booked again below: said where the branch would otherwise call.
    if (rebookOffered && (d.state === 'FAILED' || d.state === 'PARTIAL'))
      lines.push(`<span class="next">${htmlText(appointmentText.rebookBelow)}</span>`);
    if (d.orders.length > 0 && d.state !== 'PLANNED' && d.state !== 'ON_THE_WAY')
      lines.push(
        `<ul>${d.orders.map((o) => `<li>${htmlText(deliveryStatusText.ordered(o.docNo, o.qty, o.delivered))}</li>`).join('')}</ul>`,
      );
    return `<div class="state" data-state="${htmlText(d.state)}">${lines.join('')}</div>`;
  });
  return `<section class="delivery" aria-label="${htmlText(deliveryStatusText.title)}"><h2>${htmlText(deliveryStatusText.title)}</h2>${states.join('')}</section>`;
}
