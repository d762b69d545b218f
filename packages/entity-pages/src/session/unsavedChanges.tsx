import { createContext, useContext, useEffect, useId, useMemo } from 'react';

/**
 * Which forms on screen hold input not yet saved (issue 22 item 7). Forms report here; the host
 * asks before a route change, a branch switch or closing the tab (apps/web `UnsavedChangesGuard`).
 * Kept outside React state: the host reads it at the moment of leaving, nothing re-renders.
 */
export interface UnsavedChanges {
  set(formId: string, dirty: boolean): void;
  /** Some form on screen has unsaved input. */
  isDirty(): boolean;
}

export function createUnsavedChanges(): UnsavedChanges {
  const dirty = new Set<string>();
  return {
    set: (formId, isDirty) => void (isDirty ? dirty.add(formId) : dirty.delete(formId)),
    isDirty: () => dirty.size > 0,
  };
}

/** The one wording of "leave without saving?", for a form's cancel and the host's route guard. */
export const unsavedText = {
  title: 'ยังไม่ได้บันทึกการแก้ไข',
  message: 'ข้อมูลที่แก้ไขในฟอร์มยังไม่ได้บันทึก ถ้าออกตอนนี้การแก้ไขจะหายไป ต้องการออกโดยไม่บันทึกหรือไม่',
  leave: 'ออกโดยไม่บันทึก',
  stay: 'กลับไปแก้ไขต่อ',
} as const;

// Without a host (stories, tests) forms report to a store nobody reads.
const UnsavedChangesContext = createContext<UnsavedChanges>(createUnsavedChanges());
export const UnsavedChangesProvider = UnsavedChangesContext.Provider;
export const useUnsavedChanges = () => useContext(UnsavedChangesContext);

/**
 * A form's line to the store: `report(dirty)` as its state changes (`DirtyReport`, rendered inside
 * the form), `markClean()` before closing a form that was saved or deliberately abandoned, so the
 * close itself is not asked about. The form counts as clean once it leaves the screen.
 */
export function useUnsavedForm() {
  const store = useUnsavedChanges();
  const id = useId();
  useEffect(() => () => store.set(id, false), [store, id]);
  return useMemo(
    () => ({ report: (dirty: boolean) => store.set(id, dirty), markClean: () => store.set(id, false) }),
    [store, id],
  );
}

/** Reports `dirty` when it changes (not on every render: a form marked clean stays clean while it closes). */
export function DirtyReport({ dirty, report }: { dirty: boolean; report: (dirty: boolean) => void }) {
  useEffect(() => report(dirty), [dirty, report]);
  return null;
}
