import { useBuddhistEra } from '@lms/design-system';
import { useCallback } from 'react';
import { thaiDay } from './format.ts';

/** `thaiDay` in the signed-in user's era (their พ.ศ. setting: docs/web.md "Dates in พ.ศ."). */
export function useThaiDay(): (isoDay: string) => string {
  const buddhistEra = useBuddhistEra(undefined);
  return useCallback((isoDay: string) => thaiDay(isoDay, { buddhistEra }), [buddhistEra]);
}
