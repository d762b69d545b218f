import { Button, Icon } from '@lms/design-system';
import { type ChildDef, phrase } from '@lms/domain';
import { ChildRows, FieldControl, FieldGrid, type FormMode, FormSection } from '@lms/entity-pages';
import { useField } from 'react-final-form';
import styled from 'styled-components';

/**
 * The rows of a child table edited with their parent (branch's per-vehicle-type settings,
 * booking lines): one component for every `ChildDef`; each row's fields come from the declaration.
 */
export function ChildTableEditor({
  child,
  mode,
  readOnly = false,
}: {
  readonly child: ChildDef;
  readonly mode: FormMode;
  /** Rows shown, never edited (booking lines: the booking flow writes them). */
  readonly readOnly?: boolean;
}) {
  const { input, meta } = useField<Record<string, unknown>[]>(child.name, {
    subscription: { value: true, error: true, submitFailed: true },
  });
  const rows = Array.isArray(input.value) ? input.value : [];
  if (mode === 'show' || readOnly) return <ChildRows child={child} rows={rows as never} />;
  const editable = child.fields.filter((field) => !field.readOnly);
  const arrayError = typeof meta.error === 'string' && meta.submitFailed ? meta.error : null;
  return (
    <FormSection>
      <legend>{child.label}</legend>
      {rows.length === 0 && <Empty>ยังไม่มีรายการ</Empty>}
      {arrayError && <ErrorText role="alert">{arrayError}</ErrorText>}
      {rows.map((row, index) => {
        const rowLabel = `${child.label} แถวที่ ${index + 1}`;
        return (
          <Row key={(row.id as string | undefined) ?? `new-${index}`} aria-label={rowLabel}>
            <RowHeader>
              <span>แถวที่ {index + 1}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={phrase(`ลบแถว ที่ ${index + 1} ของ`, child.label)}
                icon={<Icon name="delete" size={18} />}
                onPress={() => input.onChange(rows.filter((_, i) => i !== index))}
              >
                ลบแถว
              </Button>
            </RowHeader>
            <FieldGrid>
              {editable.map((field) => (
                <FieldControl key={field.name} field={field} name={`${child.name}[${index}].${field.name}`} />
              ))}
            </FieldGrid>
          </Row>
        );
      })}
      <Button
        variant="secondary"
        icon={<Icon name="plus" size={18} />}
        onPress={() => input.onChange([...rows, {}])}
      >
        เพิ่มแถว
      </Button>
    </FormSection>
  );
}

const Row = styled.section`
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  padding: ${({ theme }) => theme.space[2]} 0 ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[3]};
`;

const RowHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: ${({ theme }) => theme.space[2]};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.color.danger};
`;
