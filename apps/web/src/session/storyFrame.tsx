import { SnackbarProvider } from '@lms/design-system';
import { LIMITS, STORAGE_KEYS } from '@lms/domain';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from './AuthProvider.tsx';
import type { UserInfo } from './authStore.ts';

/** For the host's stories: the providers a host screen needs, at `path`, with `/province` as a target. */
export function HostStoryFrame({ path, children }: { path: string; children: ReactNode }) {
  return (
    <SnackbarProvider durations={{ repeatWindow: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <Routes>
            <Route path="/province" element={<p>หน้าจังหวัด</p>} />
            <Route path="*" element={children} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </SnackbarProvider>
  );
}

export const storyUser: UserInfo = {
  userId: 'u-1',
  username: 'somchai.j',
  fullName: 'สมชาย ใจดี',
  email: 'somchai@example.co.th',
  profileImageId: null,
  roles: ['ROLE_PROVINCE_READ'],
  branchInfos: [{ id: 'b-1', code: 'BKK', name: 'สาขาบางนา' }],
  mustChangePassword: false,
  buddhistEra: false,
};

/** Stores a signed-in session as a sign-in would (stories start from it). */
export function storeSession(user: UserInfo = storyUser): void {
  localStorage.setItem(STORAGE_KEYS.authJwt, 'story-token');
  localStorage.setItem(STORAGE_KEYS.authExp, new Date(Date.now() + LIMITS.tokenLifetimeMs).toISOString());
  localStorage.setItem(STORAGE_KEYS.authInfo, JSON.stringify(user));
}

export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
}
