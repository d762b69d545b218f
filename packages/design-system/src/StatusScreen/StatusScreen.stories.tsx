import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Icon } from '../Icon/Icon.tsx';
import { StatusScreen } from './StatusScreen.tsx';

const goHome = fn();

const meta = {
  title: 'Design system/StatusScreen',
  component: StatusScreen,
  tags: ['autodocs'],
  args: { kind: 'not-allowed' },
  argTypes: { kind: { control: 'inline-radio', options: ['not-allowed', 'invalid-url', 'no-branch'] } },
} satisfies Meta<typeof StatusScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: a route guard renders it instead of the page, with a way out. */
export const NotAllowed: Story = {
  args: {
    action: (
      <Button icon={<Icon name="home" />} onPress={goHome}>
        กลับหน้าหลัก
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'ไม่มีสิทธิ์เข้าถึง' });
    await expect(region).toHaveTextContent('คุณไม่มีสิทธิ์ใช้งานหน้านี้ กรุณาตรวจสอบ URL หรือติดต่อผู้ดูแลระบบ');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'กลับหน้าหลัก' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(goHome).toHaveBeenCalled();
  },
};

export const InvalidUrl: Story = {
  args: { kind: 'invalid-url' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'ไม่พบหน้าที่ต้องการ' })).toBeInTheDocument();
    await expect(canvas.getByText('URL ไม่ถูกต้อง กรุณาตรวจสอบ URL แล้วลองอีกครั้ง')).toBeVisible();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const NoBranch: Story = {
  args: { kind: 'no-branch', action: <Button variant="secondary">ออกจากระบบ</Button> },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('ไม่มีสาขาที่เข้าถึงได้ กรุณาติดต่อผู้ดูแลระบบเพื่อกำหนดสิทธิ์')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'ออกจากระบบ' })).toBeInTheDocument();
  },
};

export const LongThaiText: Story = {
  args: {
    kind: 'not-allowed',
    title: 'ไม่มีสิทธิ์เข้าถึงรายงานการจองรถขนส่งของสาขาอื่นนอกเหนือจากสาขาที่ได้รับมอบหมาย',
    message:
      'บัญชีของคุณได้รับสิทธิ์เฉพาะสาขาเชียงใหม่และลำปางเท่านั้น หากต้องการดูรายงานของสาขาอื่น กรุณาติดต่อผู้ดูแลระบบเพื่อขอเพิ่มสิทธิ์ในกลุ่มสิทธิ์ที่เกี่ยวข้อง',
  },
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region');
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
  },
};

export const PhoneWidth: Story = {
  args: { kind: 'no-branch', action: <Button fullWidth>ออกจากระบบ</Button> },
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '360px', height: '740px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region');
    await expect(region.getBoundingClientRect().width).toBeLessThanOrEqual(360);
  },
};
