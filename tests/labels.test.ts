import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { entities } from '@lms/domain';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** A Thai letter touching a Latin one: "ค้นหาDO Report" (issue 23). */
const GLUED = /[\u0E00-\u0E7F][A-Za-z]|[A-Za-z][\u0E00-\u0E7F]/;

/**
 * A Thai word written against an interpolated name (an entity's title, a field's label …): the
 * name may be English, so the label is glued unless `phrase()` builds it.
 */
const THAI_AGAINST_NAME =
  /[\u0E00-\u0E7F]\$\{[^{}]*\b\w*(?:title|label|what)\b[^{}]*\}|\$\{[^{}]*\b\w*(?:title|label|what)\b[^{}]*\}[\u0E00-\u0E7F]/gi;

function shippedSources(): string[] {
  return ['packages', 'apps'].flatMap((dir) =>
    readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
      .filter(
        (e) =>
          e.isFile() &&
          /\.tsx?$/.test(e.name) &&
          !/\.(test|stories)\.tsx?$/.test(e.name) &&
          !e.parentPath.includes('node_modules'),
      )
      .map((e) => path.join(e.parentPath, e.name)),
  );
}

describe('labels where Thai meets an English name', () => {
  it('are built with phrase(), never by writing a Thai word against an interpolated name', () => {
    const offences = shippedSources().flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(THAI_AGAINST_NAME)].map(
        (match) => `${path.relative(root, file)}: ${match[0]}`,
      ),
    );
    expect(offences).toEqual([]);
  });

  it('every entity’s titles, field and child labels are spaced in the declarations themselves', () => {
    const texts = entities.flatMap((entity) => [
      entity.title,
      ...entity.fields.flatMap((field) => [field.label, ...(field.options ?? []).map((o) => o.label)]),
      ...(entity.children ?? []).flatMap((child) => [
        child.label,
        ...child.fields.map((field) => field.label),
      ]),
    ]);
    expect(texts.filter((text) => GLUED.test(text))).toEqual([]);
  });
});
