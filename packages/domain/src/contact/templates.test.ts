import { describe, expect, it } from 'vitest';
import {
  defaultContactTemplates,
  renderTemplate,
  renderValues,
  smsSegments,
  unknownPlaceholders,
} from './templates.ts';

const facts = {
  customer: 'ร้านวัสดุทองดี',
  date: '2026-11-25',
  shiftName: 'เช้า',
  shiftStart: '08:00',
  shiftEnd: '12:00',
  time: '09:30',
  orders: ['DO001', 'DO002'],
  branchPhone: '02-123-4567',
  link: 'https://lms.example/public/appointment/abc',
};

describe('contact templates', () => {
  it('fills every placeholder, the year in the Buddhist era by default', () => {
    const text = renderTemplate(defaultContactTemplates.confirmed, renderValues(facts));
    expect(text).toBe(
      'เรียน ร้านวัสดุทองดี นัดส่งสินค้า DO001, DO002 วันที่ 25/11/2569 เช้า (08:00–12:00 น.) เวลา 09:30 น. ยืนยันหรือเลื่อนนัดได้ที่ https://lms.example/public/appointment/abc สอบถาม 02-123-4567',
    );
  });

  it('writes the Christian year when asked, and leaves out a time that is not planned', () => {
    const values = renderValues({ ...facts, time: null, branchPhone: null }, { buddhistEra: false });
    expect(renderTemplate('{date} {shift}{time} {branchPhone}', values)).toBe(
      '25/11/2026 เช้า (08:00–12:00 น.) -',
    );
  });

  it('keeps an unknown placeholder as written and names it', () => {
    expect(renderTemplate('{nope} {customer}', renderValues(facts))).toBe('{nope} ร้านวัสดุทองดี');
    expect(unknownPlaceholders('{nope} {customer} {link} {x1}')).toEqual(['nope', 'x1']);
    for (const template of Object.values(defaultContactTemplates))
      expect(unknownPlaceholders(template)).toEqual([]);
  });
});

describe('smsSegments', () => {
  it('counts Thai as UCS-2: 70 in one message, 67 per part beyond', () => {
    expect(smsSegments('ก'.repeat(70))).toEqual({
      encoding: 'UCS-2',
      characters: 70,
      perSegment: 70,
      segments: 1,
    });
    expect(smsSegments('ก'.repeat(71))).toEqual({
      encoding: 'UCS-2',
      characters: 71,
      perSegment: 67,
      segments: 2,
    });
    expect(smsSegments('ก'.repeat(134)).segments).toBe(2);
    expect(smsSegments('ก'.repeat(135)).segments).toBe(3);
  });

  it('one Thai letter in Latin text makes the whole message UCS-2', () => {
    expect(smsSegments(`${'a'.repeat(80)}ก`)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    expect(smsSegments('a'.repeat(80))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });

  it('counts GSM-7 at 160, then 153 per part, extension characters as two', () => {
    expect(smsSegments('a'.repeat(160)).segments).toBe(1);
    expect(smsSegments('a'.repeat(161))).toMatchObject({ perSegment: 153, segments: 2 });
    expect(smsSegments('{}'.repeat(40))).toMatchObject({ characters: 160, segments: 1 });
    expect(smsSegments('').segments).toBe(1);
  });
});
