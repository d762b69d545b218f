import { useSnackbar } from '@lms/design-system';
import { accountApi, authApi, isSessionChanged, LIMITS, LOGIN_PATH, MESSAGES } from '@lms/domain';
import { ApiError, ApiProvider, call, createApiClient, type HttpApiClient } from '@lms/entity-pages';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { authStore, type UserInfo } from './authStore.ts';
import { fetchSentEarly } from './earlyRequests.ts';
import { ACTIVITY_CHECK_INTERVAL_MS, renewalDecision } from './renewal.ts';

/**
 * Page auth state of spec §4: checking, then signed in or out. Owns the API client (token from
 * storage, 401 → logout), renewal while the user is active, and the changed-session check.
 */
export type AuthStatus = 'checking' | 'signedIn' | 'signedOut';

/** Why the user is signed out: an explicit logout goes to plain login; anything else keeps `to`. */
export type SignedOutReason = 'logout' | 'expired' | 'none';

export interface Auth {
  readonly status: AuthStatus;
  readonly signedOutReason: SignedOutReason;
  readonly user: UserInfo | null;
  readonly client: HttpApiClient;
  /** True once another tab signed in as someone else: the page reloads. */
  readonly sessionChanged: boolean;
  login(username: string, password: string): Promise<void>;
  logout(): Promise<void>;
  changePassword(oldPassword: string, newPassword: string): Promise<void>;
  /** The user's own พ.ศ./ค.ศ. setting, which printed documents follow (docs/documents.md). */
  setBuddhistEra(buddhistEra: boolean): Promise<void>;
}

const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth() needs an <AuthProvider> above it');
  return auth;
}

/** How long the changed-session message stays before the page reloads. */
export const SESSION_CHANGED_RELOAD_MS = 1500;

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [user, setUser] = useState<UserInfo | null>(null);
  const [status, setStatus] = useState<AuthStatus>(() => (authStore.token() ? 'checking' : 'signedOut'));
  const [signedOutReason, setSignedOutReason] = useState<SignedOutReason>('none');
  const [sessionChanged, setSessionChanged] = useState(false);

  const signOutLocally = useCallback((reason: SignedOutReason) => {
    authStore.clear();
    setUser(null);
    setSignedOutReason(reason);
    setStatus('signedOut');
  }, []);

  const snackbarRef = useRef(snackbar);
  snackbarRef.current = snackbar;

  const client = useMemo(
    () =>
      createApiClient({
        getToken: authStore.token,
        // The session's check main.tsx sent before the first render answers the first one here.
        fetch: fetchSentEarly,
        onUnauthorized: (messages) => {
          signOutLocally('expired');
          snackbarRef.current.errorOnce(messages);
        },
      }),
    [signOutLocally],
  );

  // Once authenticated, user info is fetched once and stored (spec §4).
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current || status !== 'checking') return;
    checked.current = true;
    call(client, accountApi.userInfo)
      .then((info) => {
        authStore.saveInfo(info);
        setUser(info);
        setStatus('signedIn');
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return; // already signed out
        const stored = authStore.info();
        if (stored) {
          setUser(stored);
          setStatus('signedIn');
        } else {
          signOutLocally('expired');
        }
        snackbarRef.current.errorOnce(
          (error as ApiError).messages ?? [MESSAGES.unexpectedConnectionFailure.text],
        );
      });
  }, [client, status, signOutLocally]);

  const login = useCallback(
    async (username: string, password: string) => {
      // A wrong password must stay on the login page: no token, no log-out on 401.
      const answer = await call(client, authApi.webLogin, {
        body: { username, password },
        options: { auth: false, redirectOnUnauthorized: false },
      });
      authStore.saveLogin(answer);
      setUser({ ...answer.info, userId: answer.userId });
      setSessionChanged(false);
      setStatus('signedIn');
    },
    [client],
  );

  const logout = useCallback(async () => {
    if (authStore.token()) {
      await call(client, authApi.logout, { options: { redirectOnUnauthorized: false } }).catch((error) => {
        console.warn('Logout call failed; the local session is cleared anyway', error);
      });
    }
    signOutLocally('logout');
    navigate(LOGIN_PATH, { replace: true });
  }, [client, navigate, signOutLocally]);

  const changePassword = useCallback(
    async (oldPassword: string, newPassword: string) => {
      // The server ends every other session and hands this one a fresh token.
      const issued = await call(client, accountApi.changePassword, { body: { oldPassword, newPassword } });
      authStore.saveToken(issued);
      const info = await call(client, accountApi.userInfo);
      authStore.saveInfo(info);
      setUser(info);
    },
    [client],
  );

  const setBuddhistEra = useCallback(
    async (buddhistEra: boolean) => {
      const info = await call(client, accountApi.preferences, { body: { buddhistEra } });
      authStore.saveInfo(info);
      setUser(info);
    },
    [client],
  );

  // Renewal while the user is active (spec §4); a failure is only logged.
  const logoutRef = useRef(logout);
  logoutRef.current = logout;
  useEffect(() => {
    if (status !== 'signedIn') return;
    let inFlight = false;
    let lastCheck = 0;
    const onActivity = () => {
      const now = Date.now();
      if (inFlight || now - lastCheck < ACTIVITY_CHECK_INTERVAL_MS) return;
      lastCheck = now;
      const decision = renewalDecision(authStore.expiresAt(), now);
      if (decision === 'logout') {
        void logoutRef.current();
      } else if (decision === 'renew') {
        inFlight = true;
        call(client, accountApi.renewToken)
          .then((issued) => authStore.saveToken(issued))
          .catch((error) => console.error('Token renewal failed', error))
          .finally(() => {
            inFlight = false;
          });
      }
    };
    for (const type of ACTIVITY_EVENTS)
      window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [status, client]);

  // A different user stored by another tab means the session changed (spec §4): reload.
  const currentUserId = user?.userId ?? null;
  useEffect(() => {
    if (!currentUserId) return;
    const check = () => {
      if (document.visibilityState === 'hidden') return;
      if (isSessionChanged(authStore.storedUserId(), currentUserId)) setSessionChanged(true);
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [currentUserId]);

  useEffect(() => {
    if (!sessionChanged) return;
    const error = new ApiError(LIMITS.sessionChangedStatus, [MESSAGES.sessionChanged.text]);
    console.warn(error.message, error.status);
    const timer = setTimeout(() => window.location.reload(), SESSION_CHANGED_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [sessionChanged]);

  const auth = useMemo<Auth>(
    () => ({
      status,
      signedOutReason,
      user,
      client,
      sessionChanged,
      login,
      logout,
      changePassword,
      setBuddhistEra,
    }),
    [status, signedOutReason, user, client, sessionChanged, login, logout, changePassword, setBuddhistEra],
  );

  return (
    <AuthContext.Provider value={auth}>
      <ApiProvider client={client}>{children}</ApiProvider>
    </AuthContext.Provider>
  );
}
