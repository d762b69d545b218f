import { Button, ConfirmDialog, useSnackbar } from '@lms/design-system';
import { messagesOfError, privacyApi, recordLabel } from '@lms/domain';
import { call, type RecordPartProps, useApi, useEntityMutations, useSession } from '@lms/entity-pages';
import { useState } from 'react';
import { ExportPersonalDataAction } from '../privacy/ExportPersonalDataAction.tsx';

/**
 * PDPA (docs/privacy.md): erase a ship-to's phone and LINE id at the customer's request. Its
 * bookings and their history stay; whoever may edit ship-tos may do it, after a confirmation.
 */
export function EraseContactAction({ entity, record }: RecordPartProps) {
  const session = useSession();
  const api = useApi();
  const snackbar = useSnackbar();
  const { revalidate } = useEntityMutations(entity);
  const [state, setState] = useState<'ask' | 'erasing' | null>(null);
  if (!session.can(entity, 'update').can) return null;
  const name = recordLabel(entity, record);
  const erase = async () => {
    setState('erasing');
    try {
      const answer = await call(api, privacyApi.eraseContact, { params: { id: record.id } });
      snackbar.success([
        `ลบข้อมูลติดต่อของ ${name} แล้ว (สำเนาข้อความ ${answer.messages} รายการ) การจองและประวัติยังอยู่ครบ`,
      ]);
      await revalidate();
    } catch (error) {
      snackbar.error(messagesOfError(error));
    } finally {
      setState(null);
    }
  };
  return (
    <>
      <Button variant="danger" onPress={() => setState('ask')}>
        ลบข้อมูลติดต่อ (PDPA)
      </Button>
      <ConfirmDialog
        isOpen={state !== null}
        title={`ลบข้อมูลติดต่อของ ${name}`}
        variant="danger"
        confirmLabel={state === 'erasing' ? 'กำลังลบ...' : 'ลบข้อมูลติดต่อ'}
        cancelLabel="ไม่ลบ"
        message={
          <p>
            เบอร์โทรศัพท์และรหัสผู้ใช้ LINE จะถูกลบจากสถานที่ส่งสินค้านี้ จากสำเนาข้อความที่ส่งถึงลูกค้า และจากประวัติการแก้ไข
            ข้อความที่ยังรอส่งจะไม่ถูกส่ง การจองและประวัติการจองยังอยู่ครบ ย้อนกลับไม่ได้
          </p>
        }
        onConfirm={() => state === 'ask' && erase()}
        onCancel={() => state === 'ask' && setState(null)}
      />
    </>
  );
}

/** Erasing, and (for administrators) the data-subject export. */
export function ShipToActions(props: RecordPartProps) {
  return (
    <>
      <ExportPersonalDataAction {...props} />
      <EraseContactAction {...props} />
    </>
  );
}
