import {
  Alert,
  Button,
  DataGrid,
  type DataGridColumn,
  DateField,
  ReferenceField,
  type RowKey,
  TextField,
  useBuddhistEra,
  wrappingList,
} from '@lms/design-system';
import { entityByName, formatNumber, messagesOfError, returnedDeliveryOrders } from '@lms/domain';
import {
  columnStorageFor,
  DEFAULT_PAGE_SIZE,
  type EntityRecord,
  entityColumns,
  NamedFilterToggle,
  useCanBook,
  useEntityList,
  useOptionsLoader,
} from '@lms/entity-pages';
import { memo, useCallback, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useBookingApi } from '../shared/bookingApi.ts';
import { kg, m3 } from '../shared/format.ts';
import { Actions, Figure, Figures, Messages, Panel, Stack } from '../shared/layout.tsx';
import type { BookingRequest, UnbookedDo } from '../shared/types.ts';
import { useThaiDay } from '../shared/useThaiDay.ts';

export interface BookingInfoStepProps {
  /** Called with the new draft's id once the picked DOs are saved as a draft. */
  readonly onDraftCreated: (draftId: string) => void;
  /** The day chosen on the DO Booking Calendar: the draft's wanted date. */
  readonly wantedDate?: string | null;
  /** Open on the DOs back from a failed delivery (`?returned=true`, the home's link): the filter on. */
  readonly returnedOnly?: boolean;
}

interface InfoFilters {
  /** Only the DOs back from a failed or partial delivery and not booked again (the DO list's named filter). */
  readonly returned: boolean;
  readonly customerId: string | null;
  readonly shipToId: string | null;
  readonly searchTerm: string;
  readonly deliveryAtFrom: string;
  readonly deliveryAtTo: string;
}

const emptyFilters: InfoFilters = {
  returned: false,
  customerId: null,
  shipToId: null,
  searchTerm: '',
  deliveryAtFrom: '',
  deliveryAtTo: '',
};
type Row = UnbookedDo & EntityRecord;

const deliveryOrder = entityByName('deliveryOrder');
/** This step lists unbooked DOs only: a "booked" column would say ไม่ใช่ on every row. */
const shownHere = (column: DataGridColumn<Row>) => column.key !== 'isBooking';
// Module-level: the grid's memoized rows compare them by identity (issue 41).
const orderKey = (order: Row) => order.id;
const pickLabel = (order: Row) => `เลือก ${order.docNo}`;

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
export function BookingInfoStep({
  onDraftCreated,
  wantedDate = null,
  returnedOnly = false,
}: BookingInfoStepProps) {
  const booking = useBookingApi();
  const canBook = useCanBook();
  const [filters, setFilters] = useState<InfoFilters>(() => ({ ...emptyFilters, returned: returnedOnly }));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  // Picked DOs by id, across pages and filters: the records too, for the totals of those not on screen.
  const [picked, setPicked] = useState<ReadonlyMap<string, UnbookedDo>>(new Map());
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<readonly string[] | null>(null);
  // The DO list's own columns, order and widths (the domain's declaration), its chooser kept apart.
  const buddhistEra = useBuddhistEra(undefined);
  const columns = useMemo(
    () => entityColumns(deliveryOrder, {}, { buddhistEra }).filter(shownHere) as DataGridColumn<Row>[],
    [buddhistEra],
  );
  const columnStorage = useMemo(() => columnStorageFor(deliveryOrder, undefined, 'doBooking'), []);
  const list = useEntityList<Row>('deliveryOrder', {
    page: page - 1,
    size: pageSize,
    searchTerm: filters.searchTerm,
    filters: {
      isBookingEq: false,
      ...(filters.returned ? { [returnedDeliveryOrders.param]: true } : {}),
      customerIds: filters.customerId ? [filters.customerId] : undefined,
      soShipToIds: filters.shipToId ? [filters.shipToId] : undefined,
      deliveryAtFrom: filters.deliveryAtFrom || undefined,
      deliveryAtTo: filters.deliveryAtTo || undefined,
    },
    sort: [{ field: 'deliveryAt', direction: 'asc' }],
  });
  const set = useCallback((change: Partial<InfoFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  }, []);
  const pageSizeChange = useCallback((size: number) => {
    setPageSize(size);
    setPage(1);
  }, []);
  const rows = list.data?.items ?? [];
  const pickedKeys = useMemo(() => new Set<RowKey>(picked.keys()), [picked]);
  // The grid reports keys only: DOs picked on other pages keep their records, this page's are added.
  const pick = (keys: ReadonlySet<RowKey>) =>
    setPicked((current) => {
      const next = new Map([...current].filter(([id]) => keys.has(id)));
      for (const order of rows) if (keys.has(order.id) && !next.has(order.id)) next.set(order.id, order);
      return next;
    });
  const unpick = (id: string) => setPicked((current) => new Map([...current].filter(([key]) => key !== id)));
  const pickedList = [...picked.values()];
  const problem = incompatibility(pickedList);
  const first = pickedList[0];

  const next = async () => {
    if (!first?.soShipToId || problem) return;
    const request: BookingRequest = {
      deliveryOrderIds: pickedList.map((order) => order.id),
      shipToId: first.soShipToId,
      shipCondId: first.shipCondId,
      ...(wantedDate ? { wantedDate } : {}),
    };
    setPending(true);
    setFailure(null);
    try {
      const answer = await booking.createDraft(request);
      setPending(false);
      onDraftCreated(answer.draft.id);
    } catch (error) {
      setPending(false);
      setFailure(messagesOfError(error));
    }
  };

  return (
    <Stack>
      <FilterPanel filters={filters} wantedDate={wantedDate} onChange={set} />

      <Panel aria-labelledby="booking-info-list">
        <h2 id="booking-info-list">
          ใบส่งสินค้าที่ยังไม่ได้จอง{list.data ? ` (${formatNumber(list.data.total, 0)} ใบ)` : ''}
        </h2>
        <DataGrid<Row>
          label="ใบส่งสินค้าที่ยังไม่ได้จอง"
          columns={columns}
          columnStorage={columnStorage}
          rows={rows}
          getRowKey={orderKey}
          selectedKeys={pickedKeys}
          onSelectionChange={pick}
          selectionLabel={pickLabel}
          paging={{
            page,
            pageSize,
            total: list.data?.total ?? 0,
            onPageChange: setPage,
            onPageSizeChange: pageSizeChange,
          }}
          isLoading={list.isLoading}
          error={list.error ? list.error.messages.join('\n') : null}
          onRetry={() => list.mutate()}
          emptyMessage="ไม่พบใบส่งสินค้าที่ยังไม่ได้จองตามเงื่อนไขนี้"
        />
      </Panel>

      <Panel aria-labelledby="booking-info-picked">
        <h2 id="booking-info-picked">ใบส่งสินค้าที่จะจองรวมกัน ({pickedList.length} ใบ)</h2>
        {pickedList.length === 0 ? (
          <p>ยังไม่ได้เลือกใบส่งสินค้า</p>
        ) : (
          <>
            <PickedList aria-label="ใบส่งสินค้าที่เลือก">
              {pickedList.map((order) => (
                <li key={order.id}>
                  {order.docNo}
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`นำออก ${order.docNo}`}
                    onPress={() => unpick(order.id)}
                  >
                    นำออก
                  </Button>
                </li>
              ))}
            </PickedList>
            <Figures>
              <Figure label="น้ำหนักรวม">{kg(pickedList.reduce((sum, order) => sum + order.weight, 0))}</Figure>
              <Figure label="ปริมาตรรวม">
                {m3(pickedList.reduce((sum, order) => sum + order.volume, 0))}
              </Figure>
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
          </>
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

/**
 * The step's search fields. Memoized (issue 41): picking a DO leaves them, so a pick draws the
 * grid's row and the picked list, not five fields with their popovers.
 */
const FilterPanel = memo(function FilterPanel({
  filters,
  wantedDate,
  onChange: set,
}: {
  readonly filters: InfoFilters;
  readonly wantedDate: string | null;
  readonly onChange: (change: Partial<InfoFilters>) => void;
}) {
  const customers = useOptionsLoader('customer');
  const shipTos = useOptionsLoader('shipTo');
  const thaiDay = useThaiDay();
  return (
    <Panel aria-labelledby="booking-info-filters">
      <h2 id="booking-info-filters">ค้นหาใบส่งสินค้าที่ยังไม่ได้จอง</h2>
      {wantedDate && <p role="note">วันที่ต้องการส่ง {thaiDay(wantedDate)} (เลือกจากปฏิทิน DO Booking)</p>}
      <div>
        <NamedFilterToggle
          named={returnedDeliveryOrders}
          isOn={filters.returned}
          onChange={(on) => set({ returned: on })}
        />
      </div>
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
        <DateField
          label="วันที่ส่งสินค้า ตั้งแต่"
          value={filters.deliveryAtFrom || null}
          onChange={(value) => set({ deliveryAtFrom: value ?? '' })}
        />
        <DateField
          label="ถึง"
          value={filters.deliveryAtTo || null}
          onChange={(value) => set({ deliveryAtTo: value ?? '' })}
        />
      </FilterGrid>
    </Panel>
  );
});

const FilterGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  align-items: end;
`;

const PickedList = styled.ul`
  ${wrappingList}
  & > li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[1]};
    padding-inline-start: ${({ theme }) => theme.space[2]};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.pill};
  }
`;
