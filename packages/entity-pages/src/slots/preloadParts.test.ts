import { describe, expect, it, vi } from 'vitest';
import { preloadParts } from './preloadParts.ts';
import type { EntityParts } from './types.ts';

/** A part drawn with the page (no chunk of its own): nothing to fetch. */
const PlainPart = () => null;

describe('preloadParts', () => {
  it('fetches each part that is in a chunk of its own, once, and leaves the rest alone', () => {
    const actions = Object.assign(() => null, { preload: vi.fn(() => Promise.resolve()) });
    const sections = Object.assign(() => null, { preload: vi.fn(() => Promise.resolve()) });
    const validate = vi.fn(() => ({}));
    const parts: EntityParts = {
      RecordActions: actions,
      FormSections: sections,
      SelectionActions: PlainPart,
      validate,
      sectionFields: ['roles'],
      cells: { state: () => null },
    };
    preloadParts(parts);
    expect(actions.preload).toHaveBeenCalledTimes(1);
    expect(sections.preload).toHaveBeenCalledTimes(1);
    expect(validate).not.toHaveBeenCalled();
  });

  it('leaves a failed fetch to the part’s own drawing (no unhandled rejection)', async () => {
    const failing = Object.assign(() => null, { preload: vi.fn(() => Promise.reject(new Error('offline'))) });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      preloadParts({ RecordActions: failing });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(failing.preload).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
