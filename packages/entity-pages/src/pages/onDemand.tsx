import { whenIdle } from '@lms/design-system';
import { lazyComponent } from '@lms/design-system/lazyComponent';
import { Suspense, useEffect } from 'react';
import styled from 'styled-components';
import type { FilterPanelProps } from './FilterPanel.tsx';

/*
 * What an entity's list shows only when asked, each in a chunk of its own: the form (every field
 * control, final-form and yup), the filter panel (the same controls) and the import. The list's
 * first screen waits for none of them (docs/web.md "The list's first screen loads the list").
 */

export const EntityFormDialog = lazyComponent(() =>
  import('../form/EntityFormDialog.tsx').then((m) => m.EntityFormDialog),
);
export const ImportDialog = lazyComponent(() =>
  import('../import/ImportDialog.tsx').then((m) => m.ImportDialog),
);
const FilterPanelChunk = lazyComponent(() => import('./FilterPanel.tsx').then((m) => m.FilterPanel));

/** The filter panel; while its chunk loads, its frame with a Thai status, so the rows do not jump twice. */
export function FilterPanel(props: FilterPanelProps) {
  return (
    <Suspense fallback={<PanelLoading role="status">กำลังโหลดตัวกรอง...</PanelLoading>}>
      <FilterPanelChunk {...props} />
    </Suspense>
  );
}

/** Once the list's first page is in (`ready`), fetches the form and the filter panel when idle: a press finds them there. */
export function usePreloadOnDemand(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    return whenIdle(() => {
      EntityFormDialog.preload().catch(() => undefined);
      FilterPanelChunk.preload().catch(() => undefined);
    });
  }, [ready]);
}

const PanelLoading = styled.p`
  margin: 0;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  padding: ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.color.textMuted};
`;
