export * from './entityKeys.ts';
export * from './useEntityData.ts';
export * from './useEntityMutations.ts';
