import type { FieldDef } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { formatChildRows, formatField, formatHistoryNote, formatRaw } from './formatValue.ts';

describe('dates shown in the user’s era (issue 22 item 8: every date shown)', () => {
  const day: FieldDef = { name: 'deliveryAt', type: 'date', label: 'วันส่ง' };
  const at: FieldDef = { name: 'confirmedAt', type: 'datetime', label: 'ยืนยันเมื่อ' };

  it('reads Gregorian by default and Buddhist era when the user chose พ.ศ.', () => {
    expect(formatField(day, { deliveryAt: '2025-11-24' })).toBe('24/11/2025');
    expect(formatField(day, { deliveryAt: '2025-11-24' }, { buddhistEra: true })).toBe('24/11/2568');
    expect(formatRaw(at, '2025-11-24T03:30:00Z', {}, { buddhistEra: true })).toBe('24/11/2568 10:30');
  });

  it('carries the era into child rows (history entries)', () => {
    const child = { name: 'lines', label: 'รายการ', fields: [day] } as never;
    expect(formatChildRows(child, [{ deliveryAt: '2026-01-02' }], {}, { buddhistEra: true })).toBe(
      'วันส่ง: 02/01/2569',
    );
  });
});

describe('a history note reads as words (EntityDef.historyNotes)', () => {
  it('a Bangkok local time in the user’s era, a phone’s fix, lists and pairs, never an id', () => {
    const at = { label: 'เวลา', format: 'dateTime' } as const;
    expect(formatHistoryNote(at, '2026-12-03 10:40')).toBe('03/12/2026 10:40');
    expect(formatHistoryNote(at, '2026-12-03 10:40', { buddhistEra: true })).toBe('03/12/2569 10:40');
    const where = { label: 'ตำแหน่ง', format: 'position' } as const;
    expect(formatHistoryNote(where, { lat: 13.734, lon: 100.513, accuracy: 12 })).toBe(
      '13.73400, 100.51300 (±12 ม.)',
    );
    const words = { label: 'ใบส่งสินค้า' };
    expect(formatHistoryNote(words, ['DO1', 'DO2'])).toBe('DO1, DO2');
    expect(formatHistoryNote(words, { DO1: 5, DO2: 2.5 })).toBe('DO1: 5, DO2: 2.50');
    expect(formatHistoryNote(words, [])).toBe('-');
    expect(formatHistoryNote(words, null)).toBe('-');
    // An entry written before its ids became words shows none of them.
    expect(
      formatHistoryNote(words, [{ deliveryOrderId: '0b9f3c1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', qty: 5 }]),
    ).toBe('deliveryOrderId: -, qty: 5');
  });
});
