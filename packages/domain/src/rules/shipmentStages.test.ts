import { describe, expect, it } from 'vitest';
import { stageOrderViolations } from './shipmentStages.ts';

describe('stageOrderViolations', () => {
  it('accepts stages recorded in order, gaps included', () => {
    expect(
      stageOrderViolations({
        actDateCheckIn: '2025-03-07',
        actTimeCheckIn: '07:00',
        actDateLoadEnd: '2025-03-07',
        actTimeLoadEnd: '08:30',
        actDateShipEnd: '2025-03-08',
        actTimeShipEnd: '01:00',
      }),
    ).toEqual([]);
  });

  it('names a stage recorded before the previous one', () => {
    const violations = stageOrderViolations({
      actDateCheckIn: '2025-03-07',
      actTimeCheckIn: '09:00',
      actDateLoadStart: '2025-03-07',
      actTimeLoadStart: '08:59',
    });
    expect(violations).toEqual([
      {
        stage: 'LoadStart',
        previous: 'CheckIn',
        field: 'actDateLoadStart',
        message: 'เวลาจริงของ "เริ่มขึ้นสินค้า" ต้องไม่ก่อนเวลาจริงของ "เช็คอิน"',
      },
    ]);
  });

  it('compares with the latest good stage after a violation', () => {
    const violations = stageOrderViolations({
      actDateCheckIn: '2025-03-07',
      actTimeCheckIn: '09:00',
      actDateLoadStart: '2025-03-06',
      actDateLoadEnd: '2025-03-07',
      actTimeLoadEnd: '08:00',
    });
    expect(violations.map((violation) => [violation.stage, violation.previous])).toEqual([
      ['LoadStart', 'CheckIn'],
      ['LoadEnd', 'CheckIn'],
    ]);
  });
});
