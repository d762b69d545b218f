import { Alert, Button, SwitchField } from '@lms/design-system';
import { formatDate } from '@lms/domain';
import { ApiError } from '@lms/entity-pages';
import { useState } from 'react';
import styled from 'styled-components';
import { useCompanySettings } from './useCompanySettings.ts';

export const companySettingsText = {
  title: 'ตั้งค่าบริษัท',
  loading: 'กำลังโหลดการตั้งค่า…',
  era: 'แสดงปีเป็น พ.ศ. ในเอกสารพิมพ์และข้อความถึงลูกค้า',
  eraDescription:
    'ใช้กับใบส่งสินค้า ใบสรุปงานประจำวัน ใบสรุปค่าขนส่ง และข้อความ LINE/SMS ของทุกสาขา ไม่เปลี่ยนการแสดงผลบนหน้าจอของผู้ใช้แต่ละคน',
  example: (date: string) => `ตัวอย่างวันที่บนเอกสาร: ${date}`,
  save: 'บันทึก',
  saving: 'กำลังบันทึก…',
  saved: 'บันทึกแล้ว',
  retry: 'ลองอีกครั้ง',
} as const;

/** The example's day: a fixed one, so the page reads the same every day (and in its screenshots). */
const SAMPLE_DATE = '2026-11-25';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.messages[0]! : String(error));

/**
 * The administrator's company settings: today the era on every branch's paper and customer
 * messages (พ.ศ. by default). A user's own screen era is their account's setting, not this.
 */
export function CompanySettingsPage() {
  const { data, error, isLoading, mutate, save } = useCompanySettings();
  // The administrator's choice while it differs from what is saved; otherwise the saved setting.
  const [choice, setChoice] = useState<boolean>();
  const [status, setStatus] = useState<{ kind: 'saved' } | { kind: 'error'; message: string }>();
  const [saving, setSaving] = useState(false);
  const buddhistEra = choice ?? data?.buddhistEra;

  if (!data || buddhistEra === undefined)
    return (
      <Page>
        <h1>{companySettingsText.title}</h1>
        {error && !isLoading ? (
          <Alert tone="danger">
            {messageOf(error)}{' '}
            <Button variant="secondary" onPress={() => mutate()}>
              {companySettingsText.retry}
            </Button>
          </Alert>
        ) : (
          <p role="status">{companySettingsText.loading}</p>
        )}
      </Page>
    );

  const submit = async () => {
    setSaving(true);
    setStatus(undefined);
    try {
      await save({ buddhistEra });
      setChoice(undefined);
      setStatus({ kind: 'saved' });
    } catch (failure) {
      setStatus({ kind: 'error', message: messageOf(failure) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page>
      <h1>{companySettingsText.title}</h1>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <SwitchField
          label={companySettingsText.era}
          description={companySettingsText.eraDescription}
          value={buddhistEra}
          onChange={(value) => {
            setChoice(value);
            setStatus(undefined);
          }}
        />
        <p data-testid="era-example">
          {companySettingsText.example(formatDate(SAMPLE_DATE, { buddhistEra }))}
        </p>
        <div>
          <Button type="submit" isDisabled={saving || buddhistEra === data.buddhistEra}>
            {saving ? companySettingsText.saving : companySettingsText.save}
          </Button>
        </div>
        {status?.kind === 'saved' && <p role="status">{companySettingsText.saved}</p>}
        {status?.kind === 'error' && <Alert tone="danger">{status.message}</Alert>}
      </Form>
    </Page>
  );
}

const Page = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  max-width: 720px;
  padding: ${({ theme }) => theme.space[4]};
  h1 { margin: 0; font-size: ${({ theme }) => theme.font.size.xl}; }
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  p { margin: 0; }
`;
