import { useState } from 'react';
import { DataGrid, type DataGridProps } from './DataGrid.tsx';
import type { DataGridColumn, SortModel } from './types.ts';

/** Story data: vehicles of a delivery fleet. */
export interface Vehicle {
  readonly id: number;
  readonly plate: string;
  readonly branch: string;
  readonly type: string;
  readonly capacityKg: number;
}

const branches = ['บางนา', 'รังสิต', 'เชียงใหม่', 'ขอนแก่น', 'หาดใหญ่'];
const types = ['4 ล้อ', '6 ล้อ', '10 ล้อ', 'รถพ่วง'];
const prefixes = ['กข', 'ขค', 'ฆง', 'ผท'];

export function makeVehicles(count: number): Vehicle[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    plate: `${prefixes[i % prefixes.length]} ${String(1000 + ((i * 7919) % 9000)).padStart(4, '0')}`,
    branch: `สาขา${branches[i % branches.length]}`,
    type: types[(i * 3) % types.length] ?? '',
    capacityKg: 1500 + ((i * 37) % 200) * 50,
  }));
}

// The caller formats numbers (spec §9: English locale, 2 decimals, '-' when empty).
const decimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const vehicleColumns: DataGridColumn<Vehicle>[] = [
  { key: 'plate', header: 'ทะเบียนรถ', sortable: true, alwaysVisible: true },
  { key: 'branch', header: 'สาขา', sortable: true },
  { key: 'type', header: 'ประเภทรถ', sortable: true },
  {
    key: 'capacityKg',
    header: 'น้ำหนักบรรทุก (กก.)',
    sortable: true,
    align: 'end',
    render: (row) => decimal.format(row.capacityKg),
  },
];

export const allVehicles = makeVehicles(137);

function sortRows(rows: readonly Vehicle[], sort: SortModel): Vehicle[] {
  return [...rows].sort((a, b) => {
    for (const { key, direction } of sort) {
      const left = a[key as keyof Vehicle];
      const right = b[key as keyof Vehicle];
      const order = left < right ? -1 : left > right ? 1 : 0;
      if (order !== 0) return direction === 'asc' ? order : -order;
    }
    return a.id - b.id;
  });
}

type ServerGridProps = Partial<
  Omit<DataGridProps<Vehicle>, 'rows' | 'getRowKey' | 'sort' | 'paging' | 'search'>
> & {
  readonly onSort?: (sort: SortModel) => void;
  readonly onPage?: (page: number) => void;
  readonly initialPageSize?: number;
  /** Count like the server: exactly up to this many (or through the next page), a lower bound beyond. */
  readonly countLimit?: number;
};

/** Plays the server: pages, sorts and searches `allVehicles` the way the API would. */
export function ServerGrid({
  onSort,
  onPage,
  initialPageSize = 10,
  countLimit = Number.POSITIVE_INFINITY,
  ...props
}: ServerGridProps) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [sort, setSort] = useState<SortModel>([]);
  const [query, setQuery] = useState('');
  const matching = allVehicles.filter((v) => v.plate.includes(query) || v.branch.includes(query));
  const rows = sortRows(matching, sort).slice((page - 1) * pageSize, page * pageSize);
  const counted = Math.max(countLimit, (page + 1) * pageSize);
  return (
    <DataGrid<Vehicle>
      label="รายการรถ"
      columns={vehicleColumns}
      {...props}
      rows={rows}
      getRowKey={(row) => row.id}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        onSort?.(next);
      }}
      search={{
        value: query,
        onChange: (value) => {
          setQuery(value);
          setPage(1);
        },
        placeholder: 'ค้นหาทะเบียนหรือสาขา',
      }}
      paging={{
        page,
        pageSize,
        pageSizes: [initialPageSize, 10, 20, 50, 100].filter((size, i, all) => all.indexOf(size) === i),
        total: Math.min(matching.length, counted),
        totalIsLowerBound: matching.length > counted,
        onPageChange: (next) => {
          setPage(next);
          onPage?.(next);
        },
        onPageSizeChange: (size) => {
          setPageSize(size);
          setPage(1);
        },
      }}
    />
  );
}
