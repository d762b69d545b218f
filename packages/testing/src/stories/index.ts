/** The story harness (`@lms/testing/stories`): a page with its session, branch, snackbars and URL, and the standard story set of an entity. */
export * from '../booking/storyHarness.tsx';
export * from './entityStories.tsx';
export * from './PageHarness.tsx';
export * from './pickFiles.ts';
