import { useBuddhistEra } from '@lms/design-system';
import { type FieldDef, maxLengthOf, nullGuard, unknownFieldType } from '@lms/domain';
import { getIn } from 'final-form';
import { useField, useFormState } from 'react-final-form';
import { useOptionsLoader } from '../data/useEntityData.ts';
import { formatField, refsLabelName, weekdayLabels } from '../pages/formatValue.ts';
import { AttachmentsControl } from './AttachmentsControl.tsx';
import {
  CheckboxField,
  DateField,
  DateTimeField,
  MultiSelectField,
  NumberField,
  ReadOnlyField,
  ReferenceField,
  SelectField,
  TextArea,
  TextField,
  TimeField,
  toFieldOptions,
} from './controls.tsx';
import { FileControl } from './FileControl.tsx';
import { PostcodeGroup, PostcodeLookup } from './PostcodeControl.tsx';

/**
 * One form control for one declared field: the field's type picks the design-system component,
 * react-final-form holds the value, the error shows once touched or after a submit.
 */
export interface FieldControlProps {
  readonly field: FieldDef;
  /** Form path; default the field's name (`lines[0].qty` for child rows). */
  readonly name?: string;
  /** Shows the value as text (show mode, server-set fields). */
  readonly readOnly?: boolean;
  /** Label override (child-table cells label themselves per row). */
  readonly label?: string;
}

const weekdayOptions = weekdayLabels.map((label, day) => ({ id: String(day), label }));

export function FieldControl({
  field,
  name = field.name,
  readOnly = false,
  label = field.label,
}: FieldControlProps) {
  if (field.type === 'attachments')
    return (
      <AttachmentsFormControl field={field} name={name} label={label} readOnly={readOnly || field.readOnly} />
    );
  if (readOnly || field.readOnly) return <ReadOnlyControl field={field} name={name} label={label} />;
  if (field.type === 'ref' || field.type === 'refs')
    return <ReferenceControl field={field} name={name} label={label} />;
  return <EditableControl field={field} name={name} label={label} />;
}

function useControl(name: string, label: string, field: FieldDef) {
  const { input, meta } = useField(name, {
    subscription: {
      value: true,
      error: true,
      submitError: true,
      touched: true,
      submitFailed: true,
      dirtySinceLastSubmit: true,
    },
  });
  const error = (meta.submitError && !meta.dirtySinceLastSubmit ? meta.submitError : meta.error) as
    | string
    | undefined;
  return {
    name,
    label,
    error,
    touched: meta.touched || meta.submitFailed || Boolean(meta.submitError),
    onBlur: () => input.onBlur(),
    onFocus: () => input.onFocus(),
    isRequired: field.required,
    description: undefined,
    input,
  };
}

function EditableControl({ field, name, label }: { field: FieldDef; name: string; label: string }) {
  const { input, ...common } = useControl(name, label, field);
  const value = input.value;
  const onChange = (next: unknown) => input.onChange(next);
  switch (field.type) {
    case 'text':
      return <TextArea {...common} value={value ?? ''} onChange={onChange} maxLength={maxLengthOf(field)} />;
    case 'integer':
    case 'decimal':
      return (
        <NumberField
          {...common}
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
          scale={field.type === 'integer' ? 0 : (field.scale ?? 2)}
          minValue={field.min}
          maxValue={field.max}
        />
      );
    case 'boolean':
      return <CheckboxField {...common} value={value === true} onChange={onChange} />;
    case 'date':
      return <DateField {...common} value={value || null} onChange={onChange} />;
    case 'time':
      return <TimeField {...common} value={value || null} onChange={onChange} />;
    case 'datetime':
      return <DateTimeField {...common} value={value || null} onChange={onChange} />;
    case 'enum':
      return (
        <SelectField
          {...common}
          value={value || null}
          onChange={onChange}
          options={toFieldOptions(field.options ?? [])}
        />
      );
    case 'weekdays':
      return (
        <MultiSelectField
          {...common}
          value={(Array.isArray(value) ? value : []).map(String)}
          onChange={(days: readonly (string | number)[]) => onChange(days.map(Number).sort((a, b) => a - b))}
          options={weekdayOptions}
        />
      );
    case 'file':
    case 'image':
      return <FileControl {...common} kind={field.type} value={value || null} onChange={onChange} />;
    case 'ref':
    case 'refs':
    case 'attachments':
      // Picked above (FieldControl): they have controls of their own.
      throw new Error(`${field.name} has its own control`);
    case 'string':
    case 'roles':
      return (
        <TextField
          {...common}
          value={value ?? ''}
          onChange={onChange}
          maxLength={maxLengthOf(field)}
          type={field.format === 'email' ? 'email' : field.format === 'tel' ? 'tel' : 'text'}
        />
      );
    default:
      return unknownFieldType(field.type);
  }
}

/** The files list edits in the form and shows names with downloads in show mode. */
function AttachmentsFormControl({
  field,
  name,
  label,
  readOnly,
}: {
  field: FieldDef;
  name: string;
  label: string;
  readOnly?: boolean | undefined;
}) {
  const { input, error, touched } = useControl(name, label, field);
  const value: string[] = Array.isArray(input.value) ? input.value : [];
  return (
    <AttachmentsControl
      field={field}
      label={label}
      value={value}
      {...(readOnly ? {} : { onChange: (ids: string[]) => input.onChange(ids) })}
      error={touched ? error : undefined}
    />
  );
}

function ReferenceControl({ field, name, label }: { field: FieldDef; name: string; label: string }) {
  const { input, ...common } = useControl(name, label, field);
  const loader = useOptionsLoader(nullGuard(field.ref));
  const multiple = field.type === 'refs';
  const value = multiple ? (Array.isArray(input.value) ? input.value : []) : input.value || null;
  const picker = (
    <ReferenceField
      {...common}
      multiple={multiple}
      value={value}
      onChange={(next: unknown) => input.onChange(next)}
      loadOptions={(searchTerm: string) => loader.search(searchTerm)}
      loadLabels={(ids: readonly (string | number)[]) => loader.byIds(ids.map(String))}
    />
  );
  // An address starts from its postcode (issue 22 item 8); the picker stays for a name search.
  if (field.ref === 'subDistrict' && !multiple)
    return (
      <PostcodeGroup>
        <PostcodeLookup name={name} />
        {picker}
      </PostcodeGroup>
    );
  return picker;
}

function ReadOnlyControl({ field, name, label }: { field: FieldDef; name: string; label: string }) {
  const { values } = useFormState({ subscription: { values: true } });
  const buddhistEra = useBuddhistEra(undefined);
  // Labels sit beside the value in the record (`provinceLabel`, `branchLabels`), also in child rows.
  const path = name.split('.');
  const own = path.pop() as string;
  const holder = (path.length ? getIn(values, path.join('.')) : values) as
    | Record<string, unknown>
    | undefined;
  const row = { ...holder, [field.name]: holder?.[own] };
  if (field.type === 'refs') row[refsLabelName(field.name)] = holder?.[refsLabelName(own)];
  return <ReadOnlyField label={label} value={formatField(field, row, { buddhistEra })} />;
}
