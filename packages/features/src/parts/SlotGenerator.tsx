import { Button, DataGrid, FormDialog, Icon, useEra, useSnackbar } from '@lms/design-system';
import {
  type EntityDef,
  type FieldDef,
  formatDate,
  phrase,
  schemaFor,
  toFieldErrors,
  vehicleDateSlot,
} from '@lms/domain';
import {
  ApiError,
  FieldControl,
  FieldGrid,
  toFormErrors,
  useEntityMutations,
  useEntityOptions,
  useSession,
} from '@lms/entity-pages';
import { useId, useState } from 'react';
import { Form } from 'react-final-form';
import styled from 'styled-components';
import { ChildTableEditor } from './ChildTableEditor.tsx';
import { type GenerationInput, generateSlots, generationErrors, slotTemplate } from './slotGeneration.ts';

const rangeFields: FieldDef[] = [
  { name: 'dateFrom', type: 'date', label: 'วันที่เริ่มต้น', required: true },
  { name: 'dateTo', type: 'date', label: 'วันที่สิ้นสุด', required: true },
  ...vehicleDateSlot.fields.filter((field) => field.name === 'shipCondId' || field.name === 'routeConfigId'),
];

function validate(values: GenerationInput) {
  const errors: Record<string, string> = { ...generationErrors(values) };
  const schema = schemaFor(vehicleDateSlot, 'create');
  (values.template ?? []).forEach((row, index) => {
    try {
      schema.validateSync({ ...row, shiftDate: '2026-01-01', shipCondId: 'x' }, { abortEarly: false });
    } catch (error) {
      for (const [field, message] of Object.entries(toFieldErrors(error)))
        errors[`template[${index}].${field}`] = message;
    }
  });
  return toFormErrors(errors);
}

type Slot = Record<string, unknown>;

/** Vehicle date slots for a date range from a template, previewed before anything is sent. */
export function SlotGenerator({ entity }: { readonly entity: EntityDef }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (!session.can(entity, 'create').can) return null;
  return (
    <>
      <Button variant="secondary" icon={<Icon name="calendar" size={18} />} onPress={() => setOpen(true)}>
        สร้างหลายวันจากแม่แบบ
      </Button>
      {open && <GeneratorDialog entity={entity} onClose={() => setOpen(false)} />}
    </>
  );
}

function GeneratorDialog({ entity, onClose }: { readonly entity: EntityDef; readonly onClose: () => void }) {
  const formId = useId();
  const mutations = useEntityMutations(entity);
  const snackbar = useSnackbar();
  const era = useEra();
  const [preview, setPreview] = useState<Slot[] | null>(null);
  const [progress, setProgress] = useState<{ done: number; failed: string[] } | null>(null);
  const saving = progress !== null && progress.done < (preview?.length ?? 0);

  const createAll = async (slots: Slot[]) => {
    const failed: string[] = [];
    for (const [index, slot] of slots.entries()) {
      try {
        await mutations.create(slot);
      } catch (error) {
        const why = error instanceof ApiError ? error.messages.join(' ') : String(error);
        failed.push(`${formatDate(String(slot.shiftDate), era)}: ${why}`);
      }
      setProgress({ done: index + 1, failed: [...failed] });
    }
    await mutations.revalidate();
    if (failed.length === 0) {
      snackbar.success(`สร้างจำนวนรถตามวันแล้ว ${slots.length} รายการ`);
      onClose();
    }
  };

  return (
    <Form<GenerationInput>
      onSubmit={(values) => setPreview(generateSlots(values))}
      validate={validate}
      initialValues={{ template: [{}] }}
    >
      {({ handleSubmit }) => (
        <FormDialog
          isOpen
          mode="create"
          title={phrase('สร้าง', entity.title, 'หลายวันจากแม่แบบ')}
          onClose={onClose}
          isDismissable={false}
          maxWidth="md"
          isSaving={saving}
          {...(preview
            ? { onSave: () => createAll(preview), saveLabel: `สร้าง ${preview.length} รายการ` }
            : { formId, saveLabel: 'ดูตัวอย่าง' })}
        >
          {preview ? (
            <Preview
              slots={preview}
              progress={progress}
              onBack={() => {
                setPreview(null);
                setProgress(null);
              }}
            />
          ) : (
            <form id={formId} onSubmit={handleSubmit} noValidate aria-label="กำหนดช่วงวันที่และแม่แบบ">
              <FieldGrid>
                {rangeFields.map((field) => (
                  <FieldControl key={field.name} field={field} />
                ))}
              </FieldGrid>
              <ChildTableEditor child={slotTemplate} mode="create" />
            </form>
          )}
        </FormDialog>
      )}
    </Form>
  );
}

function Preview({
  slots,
  progress,
  onBack,
}: {
  readonly slots: readonly Slot[];
  readonly progress: { done: number; failed: string[] } | null;
  readonly onBack: () => void;
}) {
  const era = useEra();
  const ids = (name: string) => [...new Set(slots.map((slot) => String(slot[name] ?? '')))].filter(Boolean);
  const vehicleTypes = useEntityOptions('vehicleType', { ids: ids('vehicleTypeId'), size: 100 });
  const shifts = useEntityOptions('shiftOfDay', { ids: ids('shiftOfDayId'), size: 100 });
  const label = (options: { data?: readonly { id: string; label: string }[] | undefined }, id: unknown) =>
    options.data?.find((option) => option.id === id)?.label ?? String(id ?? '-');
  const rows: (Slot & { key: number })[] = slots.map((slot, index) => ({ ...slot, key: index }));
  return (
    <PreviewBox>
      <p role="status">
        {progress
          ? `สร้างแล้ว ${progress.done} จาก ${slots.length} รายการ${progress.failed.length ? ` (ไม่สำเร็จ ${progress.failed.length})` : ''}`
          : `จะสร้างทั้งหมด ${slots.length} รายการ ตรวจสอบแล้วกด "สร้าง"`}
      </p>
      {progress?.failed.length ? (
        <ul role="alert">
          {progress.failed.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <DataGrid
        label="ตัวอย่างรายการที่จะสร้าง"
        rows={rows}
        getRowKey={(row) => row.key}
        maxHeight="40vh"
        columns={[
          { key: 'shiftDate', header: 'วันที่รับสินค้า', render: (row) => formatDate(String(row.shiftDate), era) },
          { key: 'shiftOfDayId', header: 'กะของวัน', render: (row) => label(shifts, row.shiftOfDayId) },
          {
            key: 'vehicleTypeId',
            header: 'ประเภทรถ',
            render: (row) => label(vehicleTypes, row.vehicleTypeId),
          },
          { key: 'total', header: 'จำนวนรถ', align: 'end', render: (row) => String(row.total ?? '-') },
          { key: 'special', header: 'งานพิเศษ', align: 'end', render: (row) => String(row.special ?? '-') },
        ]}
      />
      {!progress && (
        <Button variant="ghost" icon={<Icon name="chevron-left" size={18} />} onPress={onBack}>
          กลับไปแก้แม่แบบ
        </Button>
      )}
    </PreviewBox>
  );
}

const PreviewBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  & > p { margin: 0; }
`;
