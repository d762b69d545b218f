import { UI_TEXT } from '@lms/domain';
import type { FormMode } from './formValidation.ts';

/** The form dialog's title word for each mode: its loading frame (`pages/onDemand.tsx`) and the page's title say the same. */
export const modeTitle: Record<FormMode, string> = {
  create: UI_TEXT.create,
  edit: UI_TEXT.edit,
  show: UI_TEXT.show,
};
