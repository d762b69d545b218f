import type { DocumentContext } from '../../apps/server/src/documents/kinds.ts';
import type { BookingLineRow, BookingRow, DeliveryOrderRow } from '../../apps/server/src/documents/load.ts';

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
  return { booking, lines: rows };
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
  booking_no: 'BK2611-000001',
  delivery_date: '2026-11-25',
  delivery_time: '09:30',
});
