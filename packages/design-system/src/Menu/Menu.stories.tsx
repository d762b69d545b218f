import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { Button } from '../Button/index.ts';
import { phoneViewport } from '../Field/storyHelpers.tsx';
import { Icon } from '../Icon/index.ts';
import {
  Menu,
  MenuItem,
  MenuPopover,
  MenuSection,
  MenuSectionHeader,
  MenuSeparator,
  MenuTrigger,
} from './Menu.tsx';

interface ViewsMenuProps {
  readonly views: readonly { readonly id: string; readonly name: string; readonly note?: string }[];
  readonly current: string | null;
  readonly onAction: (id: string) => void;
}

/** A screen's own menu from the parts: a check on the current row, a second line, a section, a separator, a disabled row. */
function ViewsMenu({ views, current, onAction }: ViewsMenuProps) {
  return (
    <MenuTrigger>
      <Button variant="secondary" icon={<Icon name="layers" size={18} />}>
        มุมมอง
      </Button>
      <MenuPopover placement="bottom start">
        <Menu aria-label="มุมมองที่บันทึกไว้" disabledKeys={['rename']} onAction={(key) => onAction(String(key))}>
          <MenuSection>
            <MenuSectionHeader>มุมมองของฉัน</MenuSectionHeader>
            {views.map((view) => (
              <MenuItem key={view.id} id={view.id} textValue={view.name}>
                <span style={{ display: 'inline-flex', width: 16 }} aria-hidden="true">
                  {view.id === current && <Icon name="check" size={16} />}
                </span>
                <span style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
                  <span>{view.name}</span>
                  {view.note && <small>{view.note}</small>}
                </span>
              </MenuItem>
            ))}
          </MenuSection>
          <MenuSeparator />
          <MenuItem id="saveAs" textValue="บันทึกเป็นมุมมองใหม่...">
            บันทึกเป็นมุมมองใหม่...
          </MenuItem>
          <MenuItem id="rename" textValue="เปลี่ยนชื่อ...">
            เปลี่ยนชื่อ...
          </MenuItem>
        </Menu>
      </MenuPopover>
    </MenuTrigger>
  );
}

const meta = {
  title: 'Design system/Menu',
  component: ViewsMenu,
  tags: ['autodocs'],
  args: {
    views: [
      { id: 'a', name: 'ชื่อไทยเรียงถอยหลัง', note: 'ค่าเริ่มต้น' },
      { id: 'b', name: 'เฉพาะภาคเหนือ' },
    ],
    current: 'a',
    onAction: fn(),
  },
} satisfies Meta<typeof ViewsMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const open = async (canvasElement: HTMLElement) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'มุมมอง' }));
  // The menu is named by its trigger (react-aria's aria-labelledby wins over aria-label).
  return within(await screen.findByRole('menu', { name: 'มุมมอง' }));
};

/** Open: the section's header, the current row checked, the disabled row passed over by the keyboard. */
export const Sections: Story = {
  play: async ({ args, canvasElement }) => {
    const menu = await open(canvasElement);
    await expect(menu.getByText('มุมมองของฉัน')).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /ชื่อไทยเรียงถอยหลัง/ })).toHaveTextContent('ค่าเริ่มต้น');
    await expect(menu.getByRole('separator')).toBeInTheDocument();
    await expect(menu.getByRole('menuitem', { name: 'เปลี่ยนชื่อ...' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await expect(menu.getByRole('menuitem', { name: 'บันทึกเป็นมุมมองใหม่...' })).toHaveFocus();
    // The disabled row is never focused.
    await userEvent.keyboard('{ArrowDown}');
    await expect(menu.getByRole('menuitem', { name: 'เปลี่ยนชื่อ...' })).not.toHaveFocus();
    await expect(args.onAction).not.toHaveBeenCalled();
  },
};

/** Choosing a row tells the screen its id and closes the menu. */
export const Choosing: Story = {
  play: async ({ args, canvasElement }) => {
    const menu = await open(canvasElement);
    await userEvent.click(menu.getByRole('menuitem', { name: 'เฉพาะภาคเหนือ' }));
    await expect(args.onAction).toHaveBeenCalledWith('b');
    await expect(screen.queryByRole('menu')).toBeNull();
  },
};

/** Long Thai names on a phone: the panel stays inside the screen and the rows wrap. */
export const LongThaiOnPhone: Story = {
  ...phoneViewport,
  args: {
    views: [
      {
        id: 'a',
        name: 'ใบส่งสินค้าที่ยังไม่ได้จองของสาขาบางนาและสาขาลาดกระบัง เรียงตามวันส่งจากใกล้ไปไกล',
        note: 'ค่าเริ่มต้น · แชร์แล้ว · โดย นางสาวพรรณราย ศรีสุวรรณวงศ์',
      },
      { id: 'b', name: 'เฉพาะภาคเหนือ' },
    ],
  },
  play: async ({ canvasElement }) => {
    const menu = await open(canvasElement);
    const panel = screen.getByRole('menu').closest('[data-overlay]') as HTMLElement;
    await expect(panel.getBoundingClientRect().right).toBeLessThanOrEqual(360);
    await expect(
      menu.getByRole('menuitem', { name: /ลาดกระบัง/ }).getBoundingClientRect().height,
    ).toBeGreaterThan(40);
  },
};
