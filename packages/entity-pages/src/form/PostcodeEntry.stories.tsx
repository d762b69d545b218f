import { entityApi, entityByName } from '@lms/domain';
import { fixtureId, type MockAnswer, mock, neverAnswered, nextHandler, refusal } from '@lms/testing';
import { entityStories, seenRequests } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { EntityListPage } from '../pages/EntityListPage.tsx';
import { postcodeText } from './PostcodeControl.tsx';

const branch = entityStories('branch');

/** Issue 22 item 8: an address starts from its postcode (the branch's form: province, district, sub-district). */
const meta = {
  title: 'Pages/Branch/Postcode first',
  ...branch.meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 10110 as the real geography has it: sub-districts of two districts of Bangkok (the fixtures' ids). */
const places10110 = [
  { i: 1, nameTh: 'คลองเตย', district: 'เขตคลองเตย', districtIndex: 1 },
  { i: 2, nameTh: 'คลองตัน', district: 'เขตคลองเตย', districtIndex: 1 },
  { i: 3, nameTh: 'คลองตันเหนือ', district: 'เขตวัฒนา', districtIndex: 2 },
].map((p) => ({
  id: fixtureId('subDistrict', p.i),
  nameTh: p.nameTh,
  postcode: '10110',
  districtId: fixtureId('district', p.districtIndex),
  districtLabel: p.district,
  provinceId: fixtureId('province', 1),
  provinceLabel: 'กรุงเทพมหานคร',
}));

const subDistricts = entityApi(entityByName('subDistrict')).list;
/** A page of sub-districts: the lookup reads its items. */
const subDistrictPage = (items: readonly (typeof places10110)[number][]) => ({
  items,
  total: items.length,
  totalIsLowerBound: false,
  hasMore: false,
  page: 0,
  size: 50,
});

/** The postcode's lookup (`postcodeEq`); the picker's other list calls go to the next handler. */
const postcodeLookup = (
  answer: () => MockAnswer<typeof subDistricts> | Promise<MockAnswer<typeof subDistricts>>,
) => mock(subDistricts, ({ query }) => (query.postcodeEq ? answer() : nextHandler));

const found = postcodeLookup(() => subDistrictPage(places10110));

async function openCreate(canvasElement: HTMLElement) {
  await userEvent.click(await within(canvasElement).findByRole('button', { name: 'เพิ่มสาขา' }));
  return screen.findByRole('dialog');
}

/** Typing 10110 (Thai digits too) offers its sub-districts; picking one fills district and province. */
export const TypePostcodeThenPick: Story = {
  beforeEach: ({ msw }) => {
    branch.mount(msw);
    msw.use(found);
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await openCreate(canvasElement));
    await userEvent.type(dialog.getByRole('textbox', { name: /^รหัส \(จำเป็น/ }), 'B99');
    await userEvent.type(dialog.getByRole('textbox', { name: /^ชื่อ \(จำเป็น/ }), 'สาขาอโศก');
    await userEvent.type(dialog.getByRole('textbox', { name: postcodeText.label }), '๑๐๑๑๐');
    const choices = await dialog.findByRole('list', { name: postcodeText.choices('10110') });
    await expect(
      within(choices)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'คลองตัน · เขตคลองเตย · กรุงเทพมหานคร',
      'คลองเตย · เขตคลองเตย · กรุงเทพมหานคร',
      'คลองตันเหนือ · เขตวัฒนา · กรุงเทพมหานคร',
    ]);
    await userEvent.click(within(choices).getByRole('button', { name: /^คลองตันเหนือ/ }));
    await expect(within(choices).getByRole('button', { name: /^คลองตันเหนือ/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(seenRequests.find((r) => r.method === 'POST')?.body).toMatchObject({
      subDistrictId: fixtureId('subDistrict', 3),
      districtId: fixtureId('district', 2),
      provinceId: fixtureId('province', 1),
    });
  },
};

/** The lookup is on its way. */
export const Loading: Story = {
  beforeEach: ({ msw }) => {
    branch.mount(msw);
    msw.use(postcodeLookup(() => neverAnswered()));
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await openCreate(canvasElement));
    await userEvent.type(dialog.getByRole('textbox', { name: postcodeText.label }), '10110');
    await expect(await dialog.findByText(postcodeText.loading)).toBeVisible();
  },
};

/** A postcode no sub-district has, and one that cannot be Thai: each says why, in Thai. */
export const NoneAndInvalid: Story = {
  beforeEach: ({ msw }) => {
    branch.mount(msw);
    msw.use(postcodeLookup(() => subDistrictPage([])));
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await openCreate(canvasElement));
    const input = dialog.getByRole('textbox', { name: postcodeText.label });
    await userEvent.type(input, '10999');
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining(postcodeText.none('10999'))),
    );
    await userEvent.clear(input);
    await userEvent.type(input, '99999');
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining('รหัสไปรษณีย์ไม่ถูกต้อง')),
    );
  },
};

/** The lookup failed: the server's message, not an empty list. */
export const LookupError: Story = {
  beforeEach: ({ msw }) => {
    branch.mount(msw);
    msw.use(postcodeLookup(() => refusal(503, 'ฐานข้อมูลไม่พร้อมใช้งานชั่วคราว')));
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await openCreate(canvasElement));
    const input = dialog.getByRole('textbox', { name: postcodeText.label });
    await userEvent.type(input, '10110');
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining('ฐานข้อมูลไม่พร้อมใช้งานชั่วคราว')),
    );
  },
};

/** On a phone the choices wrap under the postcode, long Thai names included. */
export const PhoneWidth: Story = {
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '360px', height: '740px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
  beforeEach: ({ msw }) => {
    branch.mount(msw);
    msw.use(found);
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await openCreate(canvasElement));
    await userEvent.type(dialog.getByRole('textbox', { name: postcodeText.label }), '10110');
    const choices = await dialog.findByRole('list', { name: postcodeText.choices('10110') });
    await expect(choices.scrollWidth).toBeLessThanOrEqual(choices.clientWidth + 1);
  },
};
