import type { FormPartProps } from '@lms/entity-pages';
import { ChildTableEditor } from './ChildTableEditor.tsx';

/** Every child table of the entity, edited with the generic editor (branch settings). */
export function ChildSections({ entity, mode }: FormPartProps) {
  return (
    <>
      {(entity.children ?? []).map((child) => (
        <ChildTableEditor key={child.name} child={child} mode={mode} />
      ))}
    </>
  );
}

/** Child tables shown, never edited (booking lines: written by the booking flow). */
export function ReadOnlyChildSections({ entity, mode }: FormPartProps) {
  return (
    <>
      {(entity.children ?? []).map((child) => (
        <ChildTableEditor key={child.name} child={child} mode={mode} readOnly />
      ))}
    </>
  );
}
