export * from './entityKeys.ts';
export * from './useEntityData.ts';
export * from './useEntityMutations.ts';
export * from './useRecordSearch.ts';
export * from './pageCursors.ts';
