import {
  Button,
  Icon,
  Menu,
  MenuItem,
  MenuPopover,
  MenuSection,
  MenuSectionHeader,
  MenuSeparator,
  MenuTrigger,
  VisuallyHidden,
} from '@lms/design-system';
import type { SavedView, ViewSharing } from '@lms/domain';
import { memo, useState } from 'react';
import styled from 'styled-components';
import { DeleteViewDialog, NameDialog, type Option, ShareDialog } from './SavedViewDialogs.tsx';

export const savedViewText = {
  button: 'มุมมอง',
  menu: 'มุมมองที่บันทึกไว้',
  loading: 'กำลังโหลดมุมมอง...',
  loadError: 'โหลดมุมมองไม่สำเร็จ กดเพื่อลองใหม่',
  none: 'ยังไม่มีมุมมองที่บันทึกไว้',
  mine: 'มุมมองของฉัน',
  sharedWithMe: 'แชร์กับฉัน',
  modified: 'แก้ไขแล้ว',
  current: 'กำลังใช้',
  isDefault: 'ค่าเริ่มต้น',
  shared: 'แชร์แล้ว',
  by: 'โดย',
  system: 'มุมมองเริ่มต้นของระบบ',
  save: 'บันทึกการเปลี่ยนแปลง',
  saveAs: 'บันทึกเป็นมุมมองใหม่...',
  rename: 'เปลี่ยนชื่อ...',
  share: 'แชร์...',
  shareNotAllowed: 'แชร์ได้เฉพาะผู้มีสิทธิ์แก้ไขข้อมูลนี้',
  setDefault: 'ตั้งเป็นค่าเริ่มต้น',
  unsetDefault: 'เลิกใช้เป็นค่าเริ่มต้น',
  remove: 'ลบมุมมอง...',
} as const;

export interface SavedViewMenuProps {
  readonly status: 'loading' | 'error' | 'ready';
  readonly views: readonly SavedView[];
  /** The view the list shows (its `view` URL parameter); null: none. */
  readonly activeId: string | null;
  readonly defaultId: string | null;
  /** The list no longer shows what the active view saved. */
  readonly modified: boolean;
  readonly canShare: boolean;
  /** Whom a view may be shared with: the user's branches and the roles that read the list. */
  readonly branches: readonly Option[];
  readonly roles: readonly Option[];
  readonly onRetry: () => void;
  /** Shows a view; null: the list as declared. */
  readonly onPick: (view: SavedView | null) => void;
  readonly onSave: (view: SavedView) => Promise<unknown>;
  readonly onSaveAs: (name: string) => Promise<unknown>;
  readonly onRename: (view: SavedView, name: string) => Promise<unknown>;
  readonly onShare: (view: SavedView, sharing: ViewSharing | null) => Promise<unknown>;
  readonly onSetDefault: (viewId: string | null) => Promise<unknown>;
  readonly onDelete: (view: SavedView) => Promise<unknown>;
}

type OpenDialog = 'saveAs' | 'rename' | 'share' | 'delete' | null;

/**
 * The list's saved views (docs/entity-pages.md "Saved views"): pick one, save the list as a new
 * one, and — for one's own — save changes, rename, share, delete; any visible one may be the
 * user's default. What the server refuses shows in the dialog that asked.
 */
export const SavedViewMenu = memo(function SavedViewMenu(props: SavedViewMenuProps) {
  const { views, activeId, defaultId, status } = props;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const active = views.find((view) => view.id === activeId) ?? null;
  const mine = views.filter((view) => view.mine);
  const shared = views.filter((view) => !view.mine);
  const own = active?.mine ?? false;

  const onAction = (key: string) => {
    if (key === 'retry') props.onRetry();
    else if (key === 'system') props.onPick(null);
    else if (key.startsWith('view:')) props.onPick(views.find((view) => `view:${view.id}` === key) ?? null);
    else if (key === 'save' && active) void props.onSave(active);
    else if (key === 'default' && active) void props.onSetDefault(active.id === defaultId ? null : active.id);
    else setDialog(key as OpenDialog);
  };

  const viewItem = (view: SavedView) => (
    <MenuItem key={view.id} id={`view:${view.id}`} textValue={view.name}>
      <Mark aria-hidden="true">{view.id === activeId && <Icon name="check" size={16} />}</Mark>
      <ItemText>
        <Name>
          {view.name}
          {view.id === activeId && <VisuallyHidden> ({savedViewText.current})</VisuallyHidden>}
        </Name>{' '}
        <Description>
          {[
            view.id === defaultId ? savedViewText.isDefault : null,
            view.mine && view.sharing ? savedViewText.shared : null,
            view.mine ? null : `${savedViewText.by} ${view.ownerLabel}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Description>
      </ItemText>
    </MenuItem>
  );

  const disabled = [
    ...(active && own && props.modified ? [] : ['save']),
    ...(active && own ? [] : ['rename', 'delete']),
    ...(active && own && props.canShare ? [] : ['share']),
    ...(active ? [] : ['default']),
    'loading',
    'none',
  ];

  return (
    <>
      <MenuTrigger>
        <Trigger variant="secondary" icon={<Icon name="layers" size={18} />}>
          <TriggerRow>
            <TriggerText>
              {active ? `${savedViewText.button}: ${active.name}` : savedViewText.button}
            </TriggerText>
            {active && props.modified && <Badge>{savedViewText.modified}</Badge>}
            <Icon name="chevron-down" size={16} />
          </TriggerRow>
        </Trigger>
        <MenuPopover placement="bottom start">
          <Menu
            aria-label={savedViewText.menu}
            disabledKeys={disabled}
            onAction={(key) => onAction(String(key))}
          >
            {status === 'loading' && (
              <MenuItem id="loading" textValue={savedViewText.loading}>
                {savedViewText.loading}
              </MenuItem>
            )}
            {status === 'error' && (
              <MenuItem id="retry" textValue={savedViewText.loadError}>
                <Icon name="refresh" size={16} />
                {savedViewText.loadError}
              </MenuItem>
            )}
            {status === 'ready' && views.length === 0 && (
              <MenuItem id="none" textValue={savedViewText.none}>
                {savedViewText.none}
              </MenuItem>
            )}
            {mine.length > 0 && (
              <MenuSection>
                <MenuSectionHeader>{savedViewText.mine}</MenuSectionHeader>
                {mine.map(viewItem)}
              </MenuSection>
            )}
            {shared.length > 0 && (
              <MenuSection>
                <MenuSectionHeader>{savedViewText.sharedWithMe}</MenuSectionHeader>
                {shared.map(viewItem)}
              </MenuSection>
            )}
            <MenuSeparator />
            <MenuItem id="system" textValue={savedViewText.system}>
              {savedViewText.system}
            </MenuItem>
            <MenuItem id="save" textValue={savedViewText.save}>
              {savedViewText.save}
            </MenuItem>
            <MenuItem id="saveAs" textValue={savedViewText.saveAs}>
              {savedViewText.saveAs}
            </MenuItem>
            <MenuItem id="rename" textValue={savedViewText.rename}>
              {savedViewText.rename}
            </MenuItem>
            <MenuItem id="share" textValue={savedViewText.share}>
              <ItemText>
                <Name>{savedViewText.share}</Name>{' '}
                {!props.canShare && <Description>{savedViewText.shareNotAllowed}</Description>}
              </ItemText>
            </MenuItem>
            <MenuItem id="default" textValue={savedViewText.setDefault}>
              {active && active.id === defaultId ? savedViewText.unsetDefault : savedViewText.setDefault}
            </MenuItem>
            <MenuItem id="delete" textValue={savedViewText.remove}>
              {savedViewText.remove}
            </MenuItem>
          </Menu>
        </MenuPopover>
      </MenuTrigger>
      {dialog === 'saveAs' && (
        <NameDialog mode="create" onClose={() => setDialog(null)} onSubmit={(name) => props.onSaveAs(name)} />
      )}
      {dialog === 'rename' && active && (
        <NameDialog
          mode="edit"
          initial={active.name}
          onClose={() => setDialog(null)}
          onSubmit={(name) => props.onRename(active, name)}
        />
      )}
      {dialog === 'share' && active && (
        <ShareDialog
          view={active}
          branches={props.branches}
          roles={props.roles}
          onClose={() => setDialog(null)}
          onSubmit={(sharing) => props.onShare(active, sharing)}
        />
      )}
      {dialog === 'delete' && active && (
        <DeleteViewDialog
          view={active}
          onClose={() => setDialog(null)}
          onConfirm={() => props.onDelete(active)}
        />
      )}
    </>
  );
});

const Trigger = styled(Button)`
  max-width: min(22rem, 100%);
  /* The button's label may shrink, so that a long name is cut rather than wrapped. */
  & > span { min-width: 0; }
`;

const TriggerRow = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;

const TriggerText = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Badge = styled.span`
  flex: none;
  padding: 0 ${({ theme }) => theme.space[1]};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.color.warning};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const Mark = styled.span`
  display: inline-flex;
  flex: none;
  width: 16px;
  color: ${({ theme }) => theme.color.primary};
`;

const ItemText = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

/**
 * Plain text, not react-aria's label/description slots: the item's accessible name is then all
 * it shows (axe's label-content-name-mismatch), the owner and "ค่าเริ่มต้น" included.
 */
const Description = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  [data-disabled] & { color: ${({ theme }) => theme.color.disabledText}; }
`;

const Name = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
