import { appRoleGroup, rolePickerGroups } from '@lms/domain';
import { CheckboxField, type FormPartProps, FormSection, formatRaw, ReadOnlyField } from '@lms/entity-pages';
import { useField } from 'react-final-form';
import styled from 'styled-components';

/** appRoleGroup: the role catalogue as checkboxes grouped by what they guard (`rolePickerGroups`). */

const rolesField = appRoleGroup.fields.find((field) => field.name === 'roles');

export function RolePicker({ mode }: FormPartProps) {
  const { input, meta } = useField<string[]>('roles', {
    subscription: { value: true, error: true, submitFailed: true, touched: true },
  });
  const selected = new Set(Array.isArray(input.value) ? input.value : []);
  if (mode === 'show')
    return <ReadOnlyField label={rolesField?.label ?? 'สิทธิ์'} value={formatRaw(rolesField, [...selected])} />;
  const toggle = (role: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(role);
    else next.delete(role);
    input.onChange([...next]);
  };
  const error = meta.error && (meta.submitFailed || meta.touched) ? String(meta.error) : null;
  return (
    <FormSection aria-describedby={error ? 'role-picker-error' : undefined}>
      <legend>
        {rolesField?.label ?? 'สิทธิ์'} <Count>(เลือกแล้ว {selected.size} สิทธิ์)</Count>
      </legend>
      {error && (
        <ErrorText id="role-picker-error" role="alert">
          {error}
        </ErrorText>
      )}
      <Groups>
        {rolePickerGroups.map((group) => (
          <Group key={group.key} role="group" aria-label={group.label}>
            <h3>{group.label}</h3>
            {group.roles.map((option) => (
              <CheckboxField
                key={option.role}
                label={option.label}
                name={option.role}
                value={selected.has(option.role)}
                onChange={(on: boolean) => toggle(option.role, on)}
              />
            ))}
          </Group>
        ))}
      </Groups>
    </FormSection>
  );
}

const Groups = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  max-height: 50vh;
  overflow: auto;
`;

const Group = styled.div`
  & > h3 { margin: 0 0 ${({ theme }) => theme.space[1]}; font-size: ${({ theme }) => theme.font.size.md}; }
`;

const Count = styled.span`
  font-weight: normal;
  color: ${({ theme }) => theme.color.textMuted};
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.color.danger};
  margin: 0 0 ${({ theme }) => theme.space[2]};
`;
