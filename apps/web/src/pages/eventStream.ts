import { fetchEventStream } from '@lms/entity-pages';
import { authStore } from '../session/authStore.ts';

/** Server-sent events with the session's bearer token in a header (never in the URL). */
export const openEventStream = fetchEventStream(() => authStore.token());
