import { defaultCompanySettings } from '../api/settings.ts';
import { formatDate } from '../rules/dateFormat.ts';

/**
 * Customer messages (docs/contact.md): one Thai template per booking event, with `{placeholder}`s
 * filled from the booking. Pure, so the server renders what it sends and a settings page can
 * preview the same text with the same SMS count.
 */

/** The events that send the customer a message. */
export const contactEvents = ['confirmed', 'moved', 'canceled', 'reminder'] as const;
export type ContactEvent = (typeof contactEvents)[number];

/** The placeholders a template may use, with what each says (the editor lists them). */
export const contactPlaceholders = {
  customer: 'ชื่อลูกค้า / สถานที่ส่งสินค้า',
  date: 'วันที่ส่ง',
  shift: 'ชื่อกะและช่วงเวลา',
  time: 'เวลาส่งที่นัด (ถ้ามี)',
  orders: 'เลขที่ใบส่งสินค้า',
  branchPhone: 'เบอร์โทรของสาขา',
  link: 'ลิงก์ยืนยันหรือเลื่อนนัด',
} as const;
export type ContactPlaceholder = keyof typeof contactPlaceholders;
export type ContactValues = Readonly<Record<ContactPlaceholder, string>>;

export const defaultContactTemplates: Readonly<Record<ContactEvent, string>> = {
  confirmed:
    'เรียน {customer} นัดส่งสินค้า {orders} วันที่ {date} {shift}{time} ยืนยันหรือเลื่อนนัดได้ที่ {link} สอบถาม {branchPhone}',
  moved: 'เรียน {customer} เลื่อนนัดส่งสินค้า {orders} เป็นวันที่ {date} {shift}{time} แล้ว ดูนัดได้ที่ {link}',
  canceled: 'เรียน {customer} นัดส่งสินค้า {orders} วันที่ {date} ถูกยกเลิกแล้ว สอบถาม {branchPhone}',
  reminder:
    'เรียน {customer} พรุ่งนี้ {date} {shift}{time} จะส่งสินค้า {orders} ยืนยันหรือเลื่อนได้ที่ {link} สอบถาม {branchPhone}',
};

/** What a booking gives a template; `renderValues` turns it into the placeholders' text. */
export interface AppointmentFacts {
  readonly customer: string;
  /** `YYYY-MM-DD`, the (first) delivery day. */
  readonly date: string;
  readonly shiftName: string;
  readonly shiftStart: string;
  readonly shiftEnd: string;
  /** The planned delivery time `HH:mm`, when the planner set one. */
  readonly time: string | null;
  readonly orders: readonly string[];
  readonly branchPhone: string | null;
  readonly link: string;
}

export interface RenderOptions {
  /** Show the year in the Buddhist era (2569 rather than 2026): the company's setting, พ.ศ. by default. */
  readonly buddhistEra?: boolean;
}

export function renderValues(facts: AppointmentFacts, options: RenderOptions = {}): ContactValues {
  return {
    customer: facts.customer,
    date: formatDate(facts.date, { buddhistEra: options.buddhistEra ?? defaultCompanySettings.buddhistEra }),
    shift: `${facts.shiftName} (${facts.shiftStart}–${facts.shiftEnd} น.)`,
    time: facts.time ? ` เวลา ${facts.time} น.` : '',
    orders: facts.orders.join(', '),
    branchPhone: facts.branchPhone ?? '-',
    link: facts.link,
  };
}

/** The template with each known `{placeholder}` replaced; unknown ones stay as written. */
export function renderTemplate(template: string, values: ContactValues): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as ContactPlaceholder] : whole,
  );
}

/** Placeholders a template names that do not exist (the editor refuses them). */
export function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1]!)
    .filter((name) => !Object.hasOwn(contactPlaceholders, name));
}

/** GSM 03.38 basic set and its extension table (each extension character costs two septets). */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ ÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

export interface SmsCount {
  readonly encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the network counts them (UTF-16 code units for UCS-2, septets for GSM-7). */
  readonly characters: number;
  readonly segments: number;
  /** Characters one segment holds for this text (70/67 UCS-2, 160/153 GSM-7). */
  readonly perSegment: number;
}

/**
 * How many SMS parts a text takes. Any Thai letter forces UCS-2: 70 UTF-16 units fit one
 * message; a longer one is split in parts of 67 (each part carries a 6-byte header). GSM-7: 160,
 * then 153 per part. An empty text is one (empty) message.
 */
export function smsSegments(text: string): SmsCount {
  const gsm = [...text].every((c) => GSM_BASIC.includes(c) || GSM_EXTENDED.includes(c));
  if (gsm) {
    const characters = [...text].reduce((n, c) => n + (GSM_EXTENDED.includes(c) ? 2 : 1), 0);
    const perSegment = characters <= 160 ? 160 : 153;
    return {
      encoding: 'GSM-7',
      characters,
      perSegment,
      segments: Math.max(1, Math.ceil(characters / perSegment)),
    };
  }
  const characters = text.length;
  const perSegment = characters <= 70 ? 70 : 67;
  return {
    encoding: 'UCS-2',
    characters,
    perSegment,
    segments: Math.max(1, Math.ceil(characters / perSegment)),
  };
}
