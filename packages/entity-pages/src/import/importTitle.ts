import { type EntityDef, phrase } from '@lms/domain';

/** The import dialog's title; its loading frame (`pages/onDemand.tsx`) says the same. */
export const importTitle = (entity: Pick<EntityDef, 'title'>) => phrase('นำเข้า Excel:', entity.title);
