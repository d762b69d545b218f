import { messageStateOptions } from '@lms/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { MessageStateBadge, NO_MESSAGE } from './MessageStateBadge.tsx';

/** A booking's message state (docs/contact.md): colour and Thai words, never colour alone. */
function EveryState({ width }: { readonly width?: number }) {
  return (
    <ul style={{ display: 'grid', gap: 8, listStyle: 'none', margin: 0, padding: 8, width }}>
      {[...messageStateOptions.map((o) => o.value), null].map((state) => (
        <li key={state ?? 'none'}>
          <MessageStateBadge state={state} />
        </li>
      ))}
    </ul>
  );
}

const meta = {
  title: 'Pages/Contact/Message state badge',
  component: EveryState,
} satisfies Meta<typeof EveryState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Every: Story = {
  name: 'Every state, and none',
  play: async ({ canvas }) => {
    for (const option of messageStateOptions) await expect(canvas.getByText(option.label)).toBeVisible();
    await expect(canvas.getByText(NO_MESSAGE)).toBeVisible();
    // Each state has its own colour, and no two share one but "waiting" and "none" (both grey).
    const colours = [...canvas.getAllByRole('listitem')].map((item) =>
      item.querySelector('[data-colour]')?.getAttribute('data-colour'),
    );
    await expect(colours).toEqual(['grey', 'blue', 'red', 'green', 'orange', 'grey']);
  },
};

export const UnknownState: Story = {
  name: 'A state this screen does not know reads as no message',
  render: () => <MessageStateBadge state="SOMETHING_NEW" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(NO_MESSAGE)).toBeVisible();
  },
};
