import type { EntityDef, FieldDef } from '@lms/domain';
import styled from 'styled-components';
import { FieldControl } from './FieldControl.tsx';
import type { FormMode } from './formValidation.ts';

/** Fields the form shows: editable ones to edit; server-set ones as text once the record exists. */
export function formFields(entity: EntityDef, mode: FormMode, omit: readonly string[] = []): FieldDef[] {
  return entity.fields.filter(
    (field) => !omit.includes(field.name) && (mode !== 'create' || !field.readOnly),
  );
}

const WIDE = new Set<FieldDef['type']>(['text', 'refs', 'weekdays', 'attachments']);

/** The generic field grid of a form: one control per declared field, in declaration order. */
export function EntityFormFields({
  entity,
  mode,
  omit,
}: {
  readonly entity: EntityDef;
  readonly mode: FormMode;
  readonly omit?: readonly string[];
}) {
  return (
    <FieldGrid>
      {formFields(entity, mode, omit).map((field) => (
        <Cell key={field.name} data-wide={WIDE.has(field.type) || undefined}>
          <FieldControl field={field} readOnly={mode === 'show'} />
        </Cell>
      ))}
    </FieldGrid>
  );
}

export const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space[4]};
  align-items: start;
`;

const Cell = styled.div`
  min-width: 0;
  &[data-wide] { grid-column: 1 / -1; }
`;

export const FormSection = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  margin: ${({ theme }) => theme.space[4]} 0 0;
  padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]} ${({ theme }) => theme.space[4]};
  min-width: 0;

  & > legend {
    padding: 0 ${({ theme }) => theme.space[2]};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;
