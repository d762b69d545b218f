import { PlainButton } from '@lms/design-system';
import { PRODUCT_NAME } from '@lms/domain';
import styled from 'styled-components';
import { useHealth } from './useHealth.ts';

const text = {
  title: 'สถานะระบบ',
  loading: 'กำลังตรวจสอบการเชื่อมต่อฐานข้อมูล...',
  ok: 'ระบบพร้อมใช้งาน',
  failed: 'ไม่สามารถตรวจสอบสถานะระบบได้',
  retry: 'ลองอีกครั้ง',
  database: 'ฐานข้อมูล',
  migration: 'โครงสร้างข้อมูลล่าสุด',
};

/**
 * The start page's status card: proves the web app reaches the API and the database. The database
 * version and migration are for administrators (`details`); everyone else reads only "ready".
 */
export function SystemStatusPage({ details = false }: { readonly details?: boolean }) {
  const { data, error, isLoading, mutate } = useHealth();
  return (
    <Card aria-busy={isLoading} aria-labelledby="system-status-title">
      <h1 id="system-status-title">
        {PRODUCT_NAME} · {text.title}
      </h1>
      {isLoading && <p role="status">{text.loading}</p>}
      {error && (
        <div role="alert">
          <p>{text.failed}</p>
          <p>{error.messages.join('\n')}</p>
          <PlainButton variant="secondary" onPress={() => mutate()}>
            {text.retry}
          </PlainButton>
        </div>
      )}
      {data && (
        <>
          <p role="status" data-state="ok">
            {text.ok}
          </p>
          {details && (
            <dl>
              <dt>{text.database}</dt>
              <dd>{data.database.version}</dd>
              <dt>{text.migration}</dt>
              <dd>{data.database.migration}</dd>
            </dl>
          )}
        </>
      )}
    </Card>
  );
}

const Card = styled.section`
  max-width: 560px;
  padding: ${({ theme }) => theme.space[5]};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.sm};
  h1 { margin: 0 0 ${({ theme }) => theme.space[3]}; font-size: ${({ theme }) => theme.font.size.xl}; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]}; }
  dt { color: ${({ theme }) => theme.color.textMuted}; }
  dd { margin: 0; }
  [role='alert'] { color: ${({ theme }) => theme.color.danger}; white-space: pre-line; }
`;
