import { DataGrid, ThemeProvider } from '@lms/design-system';
import { createRoot } from 'react-dom/client';

interface BenchRow {
  readonly id: number;
  readonly plate: string;
  readonly branch: string;
  readonly weight: string;
}

const rows: BenchRow[] = Array.from({ length: 100_000 }, (_, i) => ({
  id: i + 1,
  plate: `กข ${String(i).padStart(6, '0')}`,
  branch: `สาขา ${i % 97}`,
  weight: ((i * 37) % 20000).toFixed(2),
}));

const columns = [
  { key: 'plate', header: 'ทะเบียนรถ' },
  { key: 'branch', header: 'สาขา' },
  { key: 'weight', header: 'น้ำหนัก', align: 'end' as const },
];

// The bench page marks the moment React is asked to render; run.ts reads it.
(window as unknown as { renderStart: number }).renderStart = performance.now();
createRoot(document.getElementById('root') as HTMLElement).render(
  <ThemeProvider>
    <DataGrid
      label="bench"
      columns={columns}
      rows={rows}
      getRowKey={(row) => row.id}
      virtualized
      maxHeight="600px"
    />
  </ThemeProvider>,
);
