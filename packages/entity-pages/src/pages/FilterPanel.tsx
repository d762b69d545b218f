import { Button } from '@lms/design-system';
import { type EntityDef, type FieldDef, type FilterDef, filterLabel, nullGuard, phrase } from '@lms/domain';
import { memo, useCallback, useId, useState } from 'react';
import styled from 'styled-components';
import { useOptionsLoader } from '../data/useEntityData.ts';
import {
  DateField,
  MultiSelectField,
  NumberField,
  ReadOnlyField,
  ReferenceField,
  SelectField,
  TextField,
  TimeField,
  toFieldOptions,
} from '../form/controls.tsx';
import { useSession } from '../session/SessionContext.tsx';
import { useDrawnInBatches } from './drawnInBatches.ts';
import { filterGroups, groupsInUse } from './filterGroups.ts';
import { NO, YES } from './formatValue.ts';
import type { FilterValues } from './useListView.ts';

/**
 * The list filters of an entity (`filtersFor`), one group per field: equals, one-of, from–to,
 * has-any / has-none of references. Changes apply together, so one request follows.
 */
export interface FilterPanelProps {
  readonly entity: EntityDef;
  readonly filterDefs: readonly FilterDef[];
  readonly values: FilterValues;
  readonly onApply: (values: FilterValues) => void;
  /**
   * Every field's group, or only the groups in use (a list opened with filters: a home count's link,
   * a saved view), so the rows stay on the first screen. Held by the page: applying keeps it.
   */
  readonly showAll: boolean;
  readonly onShowAllChange: (showAll: boolean) => void;
}

const FILTER_TEXT = {
  all: (count: number) => `แสดงตัวกรองทั้งหมด (${count})`,
  inUseOnly: 'แสดงเฉพาะตัวกรองที่ใช้อยู่',
};

/**
 * Groups drawn with the panel, and in each transition after it. Three: the click that opens the
 * shipment's filters took 240–296 ms at 4× CPU with three and 208–296 with one (the panel's own
 * frame), 360 ms and more with six.
 */
const GROUPS_AT_ONCE = 3;

export function FilterPanel({
  entity,
  filterDefs,
  values,
  onApply,
  showAll,
  onShowAllChange,
}: FilterPanelProps) {
  const [draft, setDraft] = useState<Record<string, string | readonly string[]>>({ ...values });
  const headingId = useId();
  // Stable, with each control memoized: a key typed into one filter draws that filter's control,
  // not the 60-odd others (the shipment's dates and pickers; issue 41, interaction to next paint).
  const set = useCallback(
    (param: string, value: string | readonly string[] | null) =>
      setDraft((current) => {
        const next = { ...current };
        if (value == null || value === '' || (Array.isArray(value) && value.length === 0)) delete next[param];
        else next[param] = value;
        return next;
      }),
    [],
  );
  const { can } = useSession();
  // A reference's filter searches its records' options, which the server gives only to who may
  // read them: offered to the others only when a link opened the list with it (a figure's trips).
  const every = filterGroups(entity, filterDefs);
  const inUse = groupsInUse(every, values);
  const groups = every.filter(
    (group) => !group.field.ref || can(group.field.ref, 'read').can || inUse.includes(group),
  );
  const shown = showAll || inUse.length === 0 ? groups : inUse;
  // The groups in use at once, the others a few at a time after the panel is on screen.
  const drawn = useDrawnInBatches(shown.length, GROUPS_AT_ONCE, GROUPS_AT_ONCE);
  const drawnGroups = shown.filter((group, i) => i < drawn || inUse.includes(group));

  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>{phrase('ตัวกรอง', entity.title)}</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onApply(draft);
        }}
      >
        <Groups aria-busy={drawnGroups.length < shown.length || undefined}>
          {drawnGroups.map(({ field, filters }) => (
            <Group key={field.name}>
              <legend>{field.label}</legend>
              {filters.map((filter) => (
                <FilterControl
                  key={filter.param}
                  field={field}
                  label={filterLabel(entity, filter)}
                  filter={filter}
                  value={draft[filter.param]}
                  onSet={set}
                />
              ))}
            </Group>
          ))}
        </Groups>
        <Actions>
          {inUse.length > 0 && (
            <Button variant="secondary" onPress={() => onShowAllChange(!showAll)}>
              {showAll ? FILTER_TEXT.inUseOnly : FILTER_TEXT.all(groups.length)}
            </Button>
          )}
          <Button
            variant="secondary"
            onPress={() => {
              setDraft({});
              onApply({});
            }}
          >
            ล้างตัวกรอง
          </Button>
          <Button type="submit">ใช้ตัวกรอง</Button>
        </Actions>
      </form>
    </Panel>
  );
}

interface FilterControlProps {
  readonly field: FieldDef;
  readonly filter: FilterDef;
  /** The domain's `filterLabel`: the words the API's refusals name this filter by. */
  readonly label: string;
  readonly value: string | readonly string[] | undefined;
  /** Sets a filter's value by its parameter: one function for every control, so that memo holds. */
  readonly onSet: (param: string, value: string | readonly string[] | null) => void;
}

const FilterControl = memo(function FilterControl({
  field,
  filter,
  label,
  value,
  onSet,
}: FilterControlProps) {
  const onChange = (next: string | readonly string[] | null) => onSet(filter.param, next);
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? (value as readonly string[]) : [];
  if (filter.kind === 'refIn' || filter.kind === 'refNotIn')
    return <RefFilter field={field} label={label} value={list} onChange={onChange} />;
  if (filter.kind === 'in' && field.type === 'enum')
    return (
      <MultiSelectField
        label={label}
        value={list}
        onChange={(next: readonly (string | number)[]) => onChange(next.map(String))}
        options={toFieldOptions(field.options ?? [])}
      />
    );
  if (filter.kind === 'in')
    return (
      <TextField
        label={label}
        value={list.join(', ')}
        onChange={(next: string) =>
          onChange(
            next
              .split(',')
              .map((item) => item.trim())
              .filter(Boolean),
          )
        }
      />
    );
  if (filter.valueType === 'boolean')
    return (
      <SelectField
        label={label}
        value={text || null}
        onChange={(next: string | number | null) => onChange(next == null ? null : String(next))}
        options={[
          { id: 'true', label: YES },
          { id: 'false', label: NO },
        ]}
      />
    );
  if (filter.valueType === 'enum')
    return (
      <SelectField
        label={label}
        value={text || null}
        onChange={(next: string | number | null) => onChange(next == null ? null : String(next))}
        options={toFieldOptions(field.options ?? [])}
      />
    );
  if (filter.valueType === 'integer' || filter.valueType === 'decimal')
    return (
      <NumberField
        label={label}
        value={text === '' ? null : Number(text)}
        onChange={(next: number | null) => onChange(next == null ? null : String(next))}
        scale={filter.valueType === 'integer' ? 0 : (field.scale ?? 2)}
      />
    );
  if (filter.valueType === 'date' || filter.valueType === 'datetime')
    return (
      <DateField
        label={label}
        value={text ? text.slice(0, 10) : null}
        onChange={(next: string | null) => onChange(next)}
      />
    );
  if (filter.valueType === 'time')
    return (
      <TimeField label={label} value={text || null} onChange={(next: string | null) => onChange(next)} />
    );
  return <TextField label={label} value={text} onChange={(next: string) => onChange(next)} />;
});

interface RefFilterProps {
  readonly field: FieldDef;
  readonly label: string;
  readonly value: readonly string[];
  readonly onChange: (value: readonly string[] | null) => void;
}

function RefFilter(props: RefFilterProps) {
  const loader = useOptionsLoader(nullGuard(props.field.ref));
  return loader.readable.can ? (
    <SearchedRefFilter {...props} loader={loader} />
  ) : (
    <UnreadRefFilter {...props} reason={loader.readable.reason} />
  );
}

/**
 * The records a link chose, for a user who may not read them: how many, the rule that hides their
 * names, and a way to drop the filter (no search: its options would be refused).
 */
function UnreadRefFilter({ label, value, onChange, reason }: RefFilterProps & { readonly reason?: string }) {
  return (
    <>
      <ReadOnlyField
        label={label}
        value={value.length > 0 ? `${value.length} รายการที่เลือกไว้ (${reason})` : ''}
      />
      {value.length > 0 && (
        <Button variant="secondary" size="sm" onPress={() => onChange(null)}>
          {phrase('ไม่ใช้ตัวกรอง', label)}
        </Button>
      )}
    </>
  );
}

function SearchedRefFilter({
  label,
  value,
  onChange,
  loader,
}: RefFilterProps & { readonly loader: ReturnType<typeof useOptionsLoader> }) {
  return (
    <ReferenceField
      label={label}
      multiple
      value={value}
      onChange={(next: unknown) => onChange(next as readonly string[])}
      loadOptions={(term: string) => loader.search(term)}
      loadLabels={(ids: readonly (string | number)[]) => loader.byIds(ids.map(String))}
    />
  );
}

const Panel = styled.section`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  padding: ${({ theme }) => theme.space[4]};
  & > h2 { margin: 0 0 ${({ theme }) => theme.space[3]}; font-size: ${({ theme }) => theme.font.size.lg}; }
`;

const Groups = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  max-height: 60vh;
  overflow: auto;
`;

const Group = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  margin: 0;
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[3]};
  min-width: 0;
  & > legend { font-weight: ${({ theme }) => theme.font.weight.medium}; padding: 0 ${({ theme }) => theme.space[1]}; }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[3]};
`;
