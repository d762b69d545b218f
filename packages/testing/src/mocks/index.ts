export * from './entityHandlers.ts';
export * from './entityStore.ts';
export * from './fixtures.ts';
export {
  fieldRefusal,
  type MockAnswer,
  type MockOptions,
  mock,
  neverAnswered,
  nextHandler,
  queryOf,
  refusal,
  requestPath,
} from './mock.ts';
export * from './mockApi.ts';
