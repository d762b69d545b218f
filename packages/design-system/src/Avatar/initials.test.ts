import { describe, expect, it } from 'vitest';
import { initialsOf } from './Avatar.tsx';

describe('initialsOf', () => {
  it('takes the first letters of two words, skipping Thai leading vowels', () => {
    expect(initialsOf('สมชาย ใจดี')).toBe('สจ');
    expect(initialsOf('เอกชัย โชคดี')).toBe('อช');
    expect(initialsOf('  john   smith jr ')).toBe('JS');
    expect(initialsOf('')).toBe('');
  });
});
