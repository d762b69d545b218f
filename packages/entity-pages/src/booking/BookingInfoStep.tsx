import { Button, ReferenceField, TextField } from '@lms/design-system';
import { formatDate, formatNumber } from '@lms/domain';
import { useState } from 'react';
import styled from 'styled-components';
import type { EntityRecord } from '../data/entityKeys.ts';
import { useEntityList, useOptionsLoader } from '../data/useEntityData.ts';
import { messagesOf, useBookingApi } from './bookingApi.ts';
import { kg, m3 } from './format.ts';
import {
  Actions,
  Alert,
  Figure,
  Figures,
  Messages,
  NativeField,
  Panel,
  Stack,
  TableScroll,
  useCanBook,
} from './layout.tsx';
import type { BookingRequest, UnbookedDo } from './types.ts';

export interface BookingInfoStepProps {
  /** Called with the new draft's id once the picked DOs are saved as a draft. */
  readonly onDraftCreated: (draftId: string) => void;
}

interface InfoFilters {
  readonly customerId: string | null;
  readonly shipToId: string | null;
  readonly searchTerm: string;
  readonly deliveryAtFrom: string;
  readonly deliveryAtTo: string;
}

const emptyFilters: InfoFilters = {
  customerId: null,
  shipToId: null,
  searchTerm: '',
  deliveryAtFrom: '',
  deliveryAtTo: '',
};
const PAGE_SIZE = 50;

/** Why the picked DOs cannot be booked together (one booking = one ship-to and one ship cond). */
export function incompatibility(picked: readonly UnbookedDo[]): string | null {
  if (picked.length === 0) return null;
  if (picked.some((order) => !order.soShipToId)) return 'ใบส่งสินค้าบางใบไม่มีสถานที่ส่งสินค้า จึงจองไม่ได้';
  if (new Set(picked.map((order) => order.soShipToId)).size > 1)
    return 'ใบส่งสินค้าที่เลือกมีสถานที่ส่งสินค้าต่างกัน จองรวมกันไม่ได้ กรุณาเลือกเฉพาะที่ส่งไปที่เดียวกัน';
  if (new Set(picked.map((order) => order.shipCondId)).size > 1)
    return 'ใบส่งสินค้าที่เลือกมี Ship Cond ต่างกัน จองรวมกันไม่ได้ กรุณาเลือกเฉพาะ Ship Cond เดียวกัน';
  return null;
}

/** Step 1: find unbooked DOs and pick those to book together. */
export function BookingInfoStep({ onDraftCreated }: BookingInfoStepProps) {
  const booking = useBookingApi();
  const canBook = useCanBook();
  const customers = useOptionsLoader('customer');
  const shipTos = useOptionsLoader('shipTo');
  const [filters, setFilters] = useState<InfoFilters>(emptyFilters);
  const [picked, setPicked] = useState<ReadonlyMap<string, UnbookedDo>>(new Map());
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<readonly string[] | null>(null);
  const list = useEntityList<UnbookedDo & EntityRecord>('deliveryOrder', {
    page: 0,
    size: PAGE_SIZE,
    searchTerm: filters.searchTerm,
    filters: {
      isBookingEq: false,
      customerIds: filters.customerId ? [filters.customerId] : undefined,
      soShipToIds: filters.shipToId ? [filters.shipToId] : undefined,
      deliveryAtFrom: filters.deliveryAtFrom || undefined,
      deliveryAtTo: filters.deliveryAtTo || undefined,
    },
    sort: [{ field: 'deliveryAt', direction: 'asc' }],
  });
  const set = (change: Partial<InfoFilters>) => setFilters((current) => ({ ...current, ...change }));
  const toggle = (order: UnbookedDo) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(order.id)) next.delete(order.id);
      else next.set(order.id, order);
      return next;
    });
  const pickedList = [...picked.values()];
  const problem = incompatibility(pickedList);
  const first = pickedList[0];
  const rows = list.data?.items ?? [];

  const next = async () => {
    if (!first?.soShipToId || problem) return;
    const request: BookingRequest = {
      deliveryOrderIds: pickedList.map((order) => order.id),
      shipToId: first.soShipToId,
      shipCondId: first.shipCondId,
    };
    setPending(true);
    setFailure(null);
    try {
      const answer = await booking.createDraft(request);
      setPending(false);
      onDraftCreated(answer.draft.id);
    } catch (error) {
      setPending(false);
      setFailure(messagesOf(error));
    }
  };

  return (
    <Stack>
      <Panel aria-labelledby="booking-info-filters">
        <h2 id="booking-info-filters">ค้นหาใบส่งสินค้าที่ยังไม่ได้จอง</h2>
        <FilterGrid>
          <ReferenceField
            label="ลูกค้า"
            value={filters.customerId}
            onChange={(value) => set({ customerId: value === null ? null : String(value) })}
            loadOptions={(term) => customers.search(term)}
            loadLabels={(ids) => customers.byIds(ids.map(String))}
          />
          <ReferenceField
            label="สถานที่ส่งสินค้า"
            value={filters.shipToId}
            onChange={(value) => set({ shipToId: value === null ? null : String(value) })}
            loadOptions={(term) => shipTos.search(term)}
            loadLabels={(ids) => shipTos.byIds(ids.map(String))}
          />
          <TextField
            label="เลขที่ใบส่งสินค้า / SO / คำค้น"
            value={filters.searchTerm}
            onChange={(value) => set({ searchTerm: value })}
          />
          <NativeField>
            วันที่ส่งสินค้า ตั้งแต่
            <input
              type="date"
              value={filters.deliveryAtFrom}
              onChange={(event) => set({ deliveryAtFrom: event.target.value })}
            />
          </NativeField>
          <NativeField>
            ถึง
            <input
              type="date"
              value={filters.deliveryAtTo}
              onChange={(event) => set({ deliveryAtTo: event.target.value })}
            />
          </NativeField>
        </FilterGrid>
      </Panel>

      <Panel aria-labelledby="booking-info-list">
        <h2 id="booking-info-list">ใบส่งสินค้าที่ยังไม่ได้จอง</h2>
        {list.error && (
          <Alert>
            <Messages messages={list.error.messages} />
          </Alert>
        )}
        {!list.data && !list.error && <p role="status">กำลังโหลดใบส่งสินค้า...</p>}
        {list.data && rows.length === 0 && <p role="status">ไม่พบใบส่งสินค้าที่ยังไม่ได้จองตามเงื่อนไขนี้</p>}
        {rows.length > 0 && (
          <TableScroll>
            <table>
              <thead>
                <tr>
                  <th scope="col">เลือก</th>
                  <th scope="col">เลขที่</th>
                  <th scope="col">ลูกค้า</th>
                  <th scope="col">สถานที่ส่งสินค้า</th>
                  <th scope="col">Ship Cond</th>
                  <th scope="col">สินค้า</th>
                  <th scope="col">จำนวน</th>
                  <th scope="col">น้ำหนัก</th>
                  <th scope="col">ปริมาตร</th>
                  <th scope="col">วันที่ส่ง</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`เลือก ${order.docNo}`}
                        checked={picked.has(order.id)}
                        onChange={() => toggle(order)}
                      />
                    </td>
                    <td>{order.docNo}</td>
                    <td>{order.customerLabel ?? '-'}</td>
                    <td>{order.soShipToLabel ?? '-'}</td>
                    <td>{order.shipCondLabel ?? '-'}</td>
                    <td>{order.articleUomLabel ?? '-'}</td>
                    <td data-number="">{formatNumber(order.qty ?? null, 0)}</td>
                    <td data-number="">{kg(order.weight)}</td>
                    <td data-number="">{m3(order.volume)}</td>
                    <td>{formatDate(order.deliveryAt ?? null)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Panel>

      <Panel aria-labelledby="booking-info-picked">
        <h2 id="booking-info-picked">ใบส่งสินค้าที่จะจองรวมกัน ({pickedList.length} ใบ)</h2>
        {pickedList.length === 0 ? (
          <p>ยังไม่ได้เลือกใบส่งสินค้า</p>
        ) : (
          <Figures>
            <Figure label="น้ำหนักรวม">{kg(pickedList.reduce((sum, order) => sum + order.weight, 0))}</Figure>
            <Figure label="ปริมาตรรวม">{m3(pickedList.reduce((sum, order) => sum + order.volume, 0))}</Figure>
            <Figure label="สินค้า">
              {[...new Set(pickedList.map((order) => order.articleUomLabel ?? '-'))].join(', ')}
            </Figure>
            <Figure label="Ship Cond">
              {[...new Set(pickedList.map((order) => order.shipCondLabel ?? '-'))].join(', ')}
            </Figure>
            <Figure label="สถานที่ส่งสินค้า">
              {[...new Set(pickedList.map((order) => order.soShipToLabel ?? '-'))].join(', ')}
            </Figure>
          </Figures>
        )}
        {problem && <Alert tone="warning">{problem}</Alert>}
        {failure && (
          <Alert>
            <Messages messages={failure} />
          </Alert>
        )}
        {!canBook && <p>สิทธิ์ของคุณดูการจองได้อย่างเดียว จองไม่ได้</p>}
        <Actions>
          <Button
            variant="primary"
            isDisabled={!canBook || pickedList.length === 0 || !!problem || pending}
            onPress={next}
          >
            {pending ? 'กำลังบันทึกร่างการจอง...' : 'ถัดไป: ดูคำแนะนำการจัดรถ'}
          </Button>
        </Actions>
      </Panel>
    </Stack>
  );
}

const FilterGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  align-items: end;
`;
