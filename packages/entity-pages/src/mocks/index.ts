export * from './entityHandlers.ts';
export * from './entityStore.ts';
export * from './fixtures.ts';
export * from './mockApi.ts';
