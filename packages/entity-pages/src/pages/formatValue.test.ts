import type { FieldDef } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { formatChildRows, formatField, formatRaw } from './formatValue.ts';

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
