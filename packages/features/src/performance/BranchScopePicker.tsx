import { MultiSelectField, SelectField } from '@lms/design-system';
import { phrase } from '@lms/domain';
import styled from 'styled-components';
import type { BranchScope } from './branchScope.ts';
import { performanceText as text } from './performanceText.ts';

export interface BranchOption {
  readonly id: string;
  readonly label: string;
}

/**
 * Whose figures the screen shows: the acting branch, every branch the user may see, or some of
 * them. Offered only to a user of several branches; the server checks every branch asked for
 * against the user's own (a user of one branch is refused the others).
 */
export function BranchScopePicker({
  scope,
  branches,
  onChange,
}: {
  readonly scope: BranchScope;
  /** The user's branches ('code: name'). */
  readonly branches: readonly BranchOption[];
  readonly onChange: (scope: BranchScope) => void;
}) {
  if (branches.length < 2) return null;
  const chosen = scope.kind === 'some' ? scope.branchIds : [];
  return (
    <Fields>
      <SelectField
        label={text.scope}
        value={scope.kind}
        options={[
          { id: 'one', label: text.scopeOne },
          { id: 'all', label: phrase(text.scopeAll, `(${branches.length} สาขา)`) },
          { id: 'some', label: text.scopeSome },
        ]}
        onChange={(next) => {
          if (next === 'one' || next === 'all') onChange({ kind: next });
          // Several: start from every branch, the user takes some away.
          else if (next === 'some') onChange({ kind: 'some', branchIds: branches.map((b) => b.id) });
        }}
      />
      {scope.kind === 'some' && (
        <SelectFieldWide>
          <MultiSelectField
            label={text.scopeBranches}
            value={chosen}
            options={branches.map((b) => ({ id: b.id, label: b.label }))}
            onChange={(ids) =>
              onChange(ids.length > 0 ? { kind: 'some', branchIds: ids.map(String) } : { kind: 'one' })
            }
          />
        </SelectFieldWide>
      )}
    </Fields>
  );
}

const Fields = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  align-items: flex-end;
  & > * { min-width: 14rem; }
`;

const SelectFieldWide = styled.div`
  flex: 1 1 20rem;
`;
