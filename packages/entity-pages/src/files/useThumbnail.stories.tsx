import { Avatar } from '@lms/design-system';
import { filesApi } from '@lms/domain';
import { mock, refusal } from '@lms/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, spyOn, waitFor } from 'storybook/test';
import { useThumbnail } from './useThumbnail.ts';

// A 2×2 red PNG.
const png = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAwMDAAIQBAA8AA/2nSjdJAAAAAElFTkSuQmCC',
  ),
  (c) => c.charCodeAt(0),
);

function UserAvatar({ fileId }: { fileId: string | null }) {
  const src = useThumbnail(fileId);
  return <Avatar name="สมหญิง วางแผนดี" src={src} showInitials={false} />;
}

const meta = {
  title: 'Pages/Files/Avatar thumbnail',
  component: UserAvatar,
  args: { fileId: '11111111-1111-4111-8111-111111111111' },
} satisfies Meta<typeof UserAvatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  beforeEach({ msw }) {
    msw.use(
      mock(filesApi.thumb, ({ query }) => {
        // Spec §9: 48 px, and the avatar asks for CONTAIN.
        if (query.w !== '48' || query.fit !== 'CONTAIN') return new HttpResponse(null, { status: 400 });
        return new HttpResponse(png, { headers: { 'content-type': 'image/png' } });
      }),
    );
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('img')?.getAttribute('src')).toMatch(/^blob:/));
  },
};

export const FailedFallsBackToPersonIcon: Story = {
  beforeEach({ msw }) {
    msw.use(mock(filesApi.thumb, () => refusal(404, 'ไม่พบไฟล์')));
    const logged = spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(
        'thumbnail could not be loaded',
        expect.any(String),
        expect.anything(),
      ),
    );
    await expect(canvasElement.querySelector('img')).toBeNull();
    // The person icon stands in.
    await expect(canvasElement.querySelector('svg')).not.toBeNull();
  },
};
