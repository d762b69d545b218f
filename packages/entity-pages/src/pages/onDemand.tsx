import { whenIdle } from '@lms/design-system';
import { lazyComponent } from '@lms/design-system/lazyComponent';
import { phrase, resolveEntity } from '@lms/domain';
import { Suspense, useEffect } from 'react';
import styled from 'styled-components';
import type { EntityFormDialogProps } from '../form/EntityFormDialog.tsx';
import { modeTitle } from '../form/modeTitle.ts';
import type { ImportDialogProps } from '../import/ImportDialog.tsx';
import { importTitle } from '../import/importTitle.ts';
import { useEntityParts } from '../slots/EntityPartsContext.tsx';
import { preloadParts } from '../slots/preloadParts.ts';
import type { EntityParts } from '../slots/types.ts';
import type { FilterPanelProps } from './FilterPanel.tsx';
import { LoadingDialog } from './LoadingDialog.tsx';
import { RecordPage } from './recordPage.ts';

/*
 * What an entity's list shows only when asked, each in a chunk of its own: the form (every field
 * control, final-form and yup), the filter panel (the same controls) and the import. The list's
 * first screen waits for none of them (docs/web.md "The list's first screen loads the list"). Each
 * is fetched when idle once the list is in; a press before that (a slow link) draws its frame with
 * a loading status at once, never nothing.
 */

const EntityFormDialogChunk = lazyComponent(() =>
  import('../form/EntityFormDialog.tsx').then((m) => m.EntityFormDialog),
);
const ImportDialogChunk = lazyComponent(() =>
  import('../import/ImportDialog.tsx').then((m) => m.ImportDialog),
);
const FilterPanelChunk = lazyComponent(() => import('./FilterPanel.tsx').then((m) => m.FilterPanel));

/** The record's form; while its chunk loads, its dialog's frame (title, loading bar, ยกเลิก). */
export function EntityFormDialog(props: EntityFormDialogProps) {
  const entity = resolveEntity(props.entity);
  const parts = useEntityParts(entity);
  return (
    <Suspense
      fallback={
        <LoadingDialog
          mode={props.mode}
          title={phrase(modeTitle[props.mode], entity.title)}
          onClose={props.onClose}
          maxWidth={parts.dialogWidth ?? 'md'}
        />
      }
    >
      <EntityFormDialogChunk {...props} />
    </Suspense>
  );
}

/** The import; while its chunk loads, its dialog's frame. */
export function ImportDialog(props: ImportDialogProps) {
  return (
    <Suspense
      fallback={
        <LoadingDialog mode="show" title={importTitle(props.entity)} onClose={props.onClose} maxWidth="md" />
      }
    >
      <ImportDialogChunk {...props} />
    </Suspense>
  );
}

/** The filter panel; while its chunk loads, its frame with a Thai status, so the rows do not jump twice. */
export function FilterPanel(props: FilterPanelProps) {
  return (
    <Suspense fallback={<PanelLoading role="status">กำลังโหลดตัวกรอง...</PanelLoading>}>
      <FilterPanelChunk {...props} />
    </Suspense>
  );
}

/**
 * Once the list's first page is in (`ready`), fetches when idle what a press opens next: the form,
 * the filter panel, the entity's parts (a form's sections, a record's actions) and, when the list
 * opens records on a page of their own, that page — so that "ดู" draws it with its actions at once.
 */
export function usePreloadOnDemand(
  ready: boolean,
  next: { readonly recordPage: boolean; readonly parts: EntityParts },
): void {
  const { recordPage, parts } = next;
  useEffect(() => {
    if (!ready) return;
    return whenIdle(() => {
      EntityFormDialogChunk.preload().catch(() => undefined);
      FilterPanelChunk.preload().catch(() => undefined);
      preloadParts(parts);
      if (recordPage) RecordPage.preload().catch(() => undefined);
    });
  }, [ready, recordPage, parts]);
}

const PanelLoading = styled.p`
  margin: 0;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  padding: ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.color.textMuted};
`;
