import { Button, Icon } from '@lms/design-system';
import { useScreenDetail } from '@lms/design-system/screenDetail';
import { type EntityRef, recordLabel, resolveEntity } from '@lms/domain';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useEntityRecord } from '../data/useEntityData.ts';
import { EntityFormDialog } from '../form/EntityFormDialog.tsx';
import { useSession } from '../session/SessionContext.tsx';
import { useEntityParts } from '../slots/EntityPartsContext.tsx';
import { HistoryList } from './HistoryList.tsx';
import { Page, PageHeader } from './PageHeader.tsx';
import { RecordFields } from './RecordFields.tsx';

export interface EntityDetailPageProps {
  readonly entity: EntityRef;
  readonly id: string;
  /** Back to the list (the host's route). */
  readonly onBack?: () => void;
}

type Tab = 'details' | 'history';

/** One record of any entity: its fields, child rows and special actions, and a history tab. */
export function EntityDetailPage({ entity: entityRef, id, onBack }: EntityDetailPageProps) {
  const entity = resolveEntity(entityRef);
  const parts = useEntityParts(entity);
  const session = useSession();
  const record = useEntityRecord(entity, id);
  const [tab, setTab] = useState<Tab>('details');
  const [editing, setEditing] = useState(false);
  const baseId = useId();
  const canUpdate = session.can(entity, 'update').can;
  const label = record.data ? recordLabel(entity, record.data) : null;
  const title = label ? `${entity.title}: ${label}` : entity.title;
  useScreenDetail(label);

  const tabs: { key: Tab; label: string }[] = [
    { key: 'details', label: 'รายละเอียด' },
    { key: 'history', label: 'ประวัติการแก้ไข' },
  ];
  return (
    <Page>
      <PageHeader title={title}>
        {onBack && (
          <Button variant="secondary" icon={<Icon name="chevron-left" size={18} />} onPress={onBack}>
            กลับไปรายการ
          </Button>
        )}
        {record.data && parts.RecordActions && <parts.RecordActions entity={entity} record={record.data} />}
        {record.data && canUpdate && (
          <Button icon={<Icon name="edit" size={18} />} onPress={() => setEditing(true)}>
            แก้ไข
          </Button>
        )}
      </PageHeader>
      {record.error && <p role="alert">{record.error.messages.join('\n')}</p>}
      {record.isLoading && <p role="status">กำลังโหลดข้อมูล...</p>}
      {record.data && (
        <>
          <TabList role="tablist" aria-label={title}>
            {tabs.map((item) => (
              <TabButton
                key={item.key}
                type="button"
                role="tab"
                id={`${baseId}-${item.key}-tab`}
                aria-selected={tab === item.key}
                aria-controls={`${baseId}-${item.key}`}
                tabIndex={tab === item.key ? 0 : -1}
                onClick={() => setTab(item.key)}
                onKeyDown={(event) => {
                  if (event.key === 'ArrowRight' || event.key === 'ArrowLeft')
                    setTab(tab === 'details' ? 'history' : 'details');
                }}
              >
                {item.label}
              </TabButton>
            ))}
          </TabList>
          <Panel
            role="tabpanel"
            id={`${baseId}-${tab}`}
            aria-labelledby={`${baseId}-${tab}-tab`}
            tabIndex={0}
          >
            {tab === 'details' ? (
              <>
                {parts.RecordLead && <parts.RecordLead entity={entity} record={record.data} />}
                <RecordFields entity={entity} record={record.data} omit={parts.leadFields} />
                {parts.RecordSections && <parts.RecordSections entity={entity} record={record.data} />}
              </>
            ) : (
              <HistoryList entity={entity} id={id} />
            )}
          </Panel>
        </>
      )}
      {editing && (
        <EntityFormDialog
          entity={entity}
          mode="edit"
          id={id}
          onClose={() => setEditing(false)}
          onDeleted={onBack}
        />
      )}
    </Page>
  );
}

const TabList = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const TabButton = styled.button`
  font: inherit;
  border: none;
  background: none;
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  min-height: 44px;
  color: ${({ theme }) => theme.color.text};
  border-bottom: 3px solid transparent;
  cursor: pointer;
  &[aria-selected='true'] { border-bottom-color: ${({ theme }) => theme.color.primary}; color: ${({ theme }) => theme.color.primary}; font-weight: ${({ theme }) => theme.font.weight.medium}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
`;

const Panel = styled.div`
  padding: ${({ theme }) => theme.space[2]} 0;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; }
`;
