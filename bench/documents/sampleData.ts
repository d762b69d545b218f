import type { AllocationRow, BookingLineRow, BookingRow } from '../../apps/server/src/documents/load.ts';
import type { DeliveryOrderRow } from '../../apps/server/src/documents/loadDeliveryOrders.ts';
import type { ShipmentDocumentRows } from '../../apps/server/src/documents/loadShipments.ts';
import type { DocumentContext } from '../../apps/server/src/documents/text.ts';

/** Rows as load.ts reads them, for the bench and the docs' samples (no database needed). */

export const sampleContext = (buddhistEra: boolean): DocumentContext => ({
  header: {
    company: 'บริษัท ไทยโฮม จำกัด',
    branch: 'สาขา BKK01 (บางนา)',
    address: '99/1 ถนนบางนา-ตราด แขวงบางนาใต้ เขตบางนา กรุงเทพมหานคร 10260',
  },
  buddhistEra,
  printedAt: new Date('2026-11-24T03:30:00Z'),
});

export const sampleBooking = (n: number, lines: number) => {
  const booking: BookingRow = {
    id: `b${n}`,
    doc_no: `BK2611-${String(n).padStart(6, '0')}`,
    doc_date: '2026-11-24',
    status: 'CONFIRMED',
    call_status: 'CALLED',
    distance: 42.5,
    customer: 'C0012 ร้านกุ้งทองน้ำใส',
    ship_to: 'ST0450 ที่ปั้นดินผู้ใหญ่ปิ่น',
    ship_to_tel: '02-123-4567',
    ship_to_address: '12 หมู่ 3 ถนนกิ่งแก้ว ราชาเทวะ บางพลี สมุทรปราการ',
  };
  const rows: BookingLineRow[] = Array.from({ length: lines }, (_, i) => ({
    booking_id: booking.id,
    delivery_order_id: `d${n * 100 + i}`,
    do_no: `DO26110${String(n * 100 + i).padStart(5, '0')}`,
    article: i % 2 ? 'A1002 กระเบื้องปูพื้นลายไม้สักทองขนาดหกสิบคูณหกสิบเซนติเมตร' : 'A1001 ปูนซีเมนต์ตราช้าง 50 กก.',
    unit: i % 2 ? 'BOX' : 'KG',
    qty: 10 + i,
    delivery_date: '2026-11-25',
    delivery_time: '09:30',
    used_weight: 1234.5 + i,
    used_volume: 1.25,
    shift_date: '2026-11-25',
    shift: 'กะเช้า',
    shift_of_day_id: 's1',
    start_time: '08:00',
    end_time: '12:00',
    vehicle_type: i < 2 ? 'รถ 6 ล้อ' : 'รถ 10 ล้อ',
    slot_id: i < 2 ? 'slot-1' : 'slot-2',
  }));
  const allocations: AllocationRow[] = [
    { booking_id: booking.id, slot_id: 'slot-1', vehicles: 1, fee: 2000 },
    ...(lines > 2 ? [{ booking_id: booking.id, slot_id: 'slot-2', vehicles: 2, fee: 5400 }] : []),
  ];
  return { booking, lines: rows, allocations };
};

export const sampleDeliveryOrder = (n: number): DeliveryOrderRow => ({
  id: `d${n}`,
  doc_no: `DO26110${String(n).padStart(5, '0')}`,
  doc_delivery_at: '2026-11-25',
  qty: 20,
  weight: 1000,
  weight_unit: 'KG',
  volume: 0.8,
  volume_unit: 'M3',
  article: 'A1001 ปูนซีเมนต์ตราช้าง 50 กก.',
  unit: 'BAG',
  customer: 'C0012 ร้านกุ้งทองน้ำใส',
  ship_to: 'ST0450 ที่ปั้นดินผู้ใหญ่ปิ่น',
  ship_to_tel: '02-123-4567',
  ship_to_address: '12 หมู่ 3 ถนนกิ่งแก้ว ราชาเทวะ บางพลี สมุทรปราการ',
  booking_id: 'b1',
  booking_no: 'BK2611-000001',
  delivery_date: '2026-11-25',
  delivery_time: '09:30',
  // The committed sample PDFs predate the shift on the note (and the branch phone): regenerating them
  // moves the storybook baselines (docs/documents.md "Samples").
  shift: null,
  shift_start: null,
  shift_end: null,
  ship_to_id: 'st1',
});

/** A truck's trip of three stops (three bookings), planned and partly under way. */
export const sampleShipment = (n: number): ShipmentDocumentRows => {
  const stops = [1, 2, 3].map((stop, i) => {
    const { booking, lines } = sampleBooking(n * 10 + stop, 2);
    return { booking, lines, arrival: { date: '2026-11-25', time: ['08:55', '09:40', '10:35'][i]! } };
  });
  const planned: Record<string, [string, string]> = {
    check_in: ['2026-11-25', '07:45:00'],
    load_start: ['2026-11-25', '08:00:00'],
    load_end: ['2026-11-25', '08:40:00'],
    ship_com: ['2026-11-25', '08:40:00'],
    ship_start: ['2026-11-25', '08:40:00'],
    ship_end: ['2026-11-25', '11:30:00'],
  };
  const columns: Record<string, string | null> = {};
  for (const [stage, [date, time]] of Object.entries(planned)) {
    columns[`plan_date_${stage}`] = date;
    columns[`plan_time_${stage}`] = time;
  }
  columns.act_date_check_in = '2026-11-25';
  columns.act_time_check_in = '07:52:00';
  return {
    distanceKm: 42.5,
    shipment: {
      id: `s${n}`,
      doc_no: `SH2611-${String(n).padStart(6, '0')}`,
      plate: '70-1234 กรุงเทพมหานคร',
      driver_id: 'd1',
      driver: 'DR01 สมชาย ใจดี',
      driver_tel: '081-234-5678',
      vehicle_type: 'รถ 6 ล้อ',
      shift_date: '2026-11-25',
      shift_of_day_id: 's1',
      shift: 'กะเช้า',
      start_time: '08:00:00',
      end_time: '12:00:00',
      columns,
      booking_ids: stops.map((s) => s.booking.id),
      delivery_order_ids: stops.flatMap((s) => s.lines.map((l) => l.delivery_order_id)),
    },
    stops,
  };
};
