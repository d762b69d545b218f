import type { BookingShipment } from '@lms/domain';
import { fixtureId } from '../mocks/fixtures.ts';

const stageAt = (stage: BookingShipment['stages'][number]['stage'], plan: string, actual: string | null) => ({
  stage,
  plan: { date: '2026-11-04', time: plan },
  actual: actual ? { date: '2026-11-04', time: actual } : null,
});

/** A booking's page: one shipment carrying it, checked in and loading (long Thai names). */
export const carriedBooking: BookingShipment[] = [
  {
    id: fixtureId('shipment', 1),
    docNo: 'SH20261104000001',
    licensePlate: '70-1234 กรุงเทพมหานคร',
    driverName: 'สมชาย ขยันดีเป็นที่หนึ่งของบริษัทขนส่งสินค้าภาคตะวันออก',
    stages: [
      stageAt('CheckIn', '07:45', '07:41'),
      stageAt('LoadStart', '08:00', '08:02'),
      stageAt('LoadEnd', '08:30', null),
      stageAt('ShipCom', '08:30', null),
      stageAt('ShipStart', '08:30', null),
      stageAt('ShipEnd', '10:10', null),
    ],
  },
];
