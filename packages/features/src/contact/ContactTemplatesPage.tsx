import { Button, TextArea } from '@lms/design-system';
import {
  type ContactEvent,
  type ContactTemplates,
  contactEvents,
  contactPlaceholders,
  contactTemplateApi,
  renderTemplate,
  renderValues,
  smsSegments,
  unknownPlaceholders,
} from '@lms/domain';
import { ApiError, call, useApi } from '@lms/entity-pages';
import { useEffect, useState } from 'react';
import styled from 'styled-components';

export const templateText = {
  title: 'ข้อความถึงลูกค้า',
  loading: 'กำลังโหลดข้อความ…',
  save: 'บันทึก',
  saved: 'บันทึกแล้ว',
  preview: 'ตัวอย่าง',
  placeholders: 'ใช้ได้:',
  events: {
    confirmed: 'ยืนยันการจอง',
    moved: 'เลื่อนนัด',
    canceled: 'ยกเลิกการจอง',
    reminder: 'เตือนก่อนวันส่ง 1 วัน',
  } satisfies Record<ContactEvent, string>,
  count: (characters: number, segments: number) => `${characters} ตัวอักษร · SMS ${segments} ข้อความ`,
  unknown: (names: string[]) => `ไม่รู้จัก ${names.map((n) => `{${n}}`).join(' ')}`,
} as const;

/** What the preview fills the placeholders with: a plausible booking, the year in the Buddhist era. */
const SAMPLE = renderValues({
  customer: 'ร้านวัสดุทองดี',
  date: '2026-11-25',
  shiftName: 'เช้า',
  shiftStart: '08:00',
  shiftEnd: '12:00',
  time: '09:30',
  orders: ['DO6100001234'],
  branchPhone: '02-123-4567',
  link: 'https://lms.example.co.th/public/appointment/Xk3v9QeT0aQ2m1bYpLr7Ww.8fJq2',
});

/** The admin's editor of the Thai message per event, with a live preview and the SMS count (docs/contact.md). */
export function ContactTemplatesPage() {
  const api = useApi();
  const [templates, setTemplates] = useState<ContactTemplates>();
  const [status, setStatus] = useState<{ kind: 'saved' } | { kind: 'error'; message: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    call(api, contactTemplateApi.read).then(setTemplates, (error) =>
      setStatus({ kind: 'error', message: error instanceof ApiError ? error.messages[0]! : String(error) }),
    );
  }, [api]);

  if (!templates)
    return (
      <Page>
        <h1>{templateText.title}</h1>
        {status?.kind === 'error' ? (
          <p role="alert">{status.message}</p>
        ) : (
          <p role="status">{templateText.loading}</p>
        )}
      </Page>
    );

  const invalid = contactEvents.some((event) => unknownPlaceholders(templates[event]).length > 0);
  const save = async () => {
    setSaving(true);
    try {
      setTemplates(await call(api, contactTemplateApi.save, { body: templates }));
      setStatus({ kind: 'saved' });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof ApiError ? error.messages[0]! : String(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page>
      <h1>{templateText.title}</h1>
      <p>
        {templateText.placeholders}{' '}
        {Object.entries(contactPlaceholders)
          .map(([name, meaning]) => `{${name}} ${meaning}`)
          .join(' · ')}
      </p>
      {contactEvents.map((event) => {
        const preview = renderTemplate(templates[event], SAMPLE);
        const count = smsSegments(preview);
        const unknown = unknownPlaceholders(templates[event]);
        return (
          <Event key={event} aria-label={templateText.events[event]}>
            <TextArea
              label={templateText.events[event]}
              rows={3}
              value={templates[event]}
              error={unknown.length ? templateText.unknown(unknown) : undefined}
              touched
              onChange={(value) => {
                setStatus(undefined);
                setTemplates({ ...templates, [event]: value });
              }}
            />
            <Preview aria-label={`${templateText.preview} ${templateText.events[event]}`}>{preview}</Preview>
            <Count data-testid={`count-${event}`}>
              {templateText.count(count.characters, count.segments)}
            </Count>
          </Event>
        );
      })}
      <div>
        <Button onPress={save} isLoading={saving} isDisabled={invalid}>
          {templateText.save}
        </Button>
      </div>
      {status?.kind === 'saved' && <p role="status">{templateText.saved}</p>}
      {status?.kind === 'error' && <p role="alert">{status.message}</p>}
    </Page>
  );
}

const Page = styled.div`
  max-width: 720px;
  padding: ${({ theme }) => theme.space[4]};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  h1 {
    font-size: ${({ theme }) => theme.font.size.xl};
    margin: 0;
  }
  p {
    margin: 0;
  }
`;
const Event = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;
const Preview = styled.output`
  display: block;
  background: ${({ theme }) => theme.color.secondary};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => theme.space[3]};
  overflow-wrap: anywhere;
`;
const Count = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
