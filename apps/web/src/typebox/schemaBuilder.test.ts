import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';

/** The file the domain's `import … from 'typebox'` resolves to (the mock must name that file). */
const domainTypeBox = createRequire(
  new URL('../../../../packages/domain/package.json', import.meta.url),
).resolve('typebox');

/** JSON with sorted keys: TypeBox and the builder may order a schema's keys differently. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

describe("the browser's typebox (schemaBuilder)", () => {
  it('builds every schema of the API contract (every value the domain exports) exactly as TypeBox does', async () => {
    const withTypeBox = await import('@lms/domain');
    vi.resetModules();
    vi.doMock(domainTypeBox, async () => import('./schemaBuilder.ts'));
    const withBuilder = await import('@lms/domain');
    vi.doUnmock(domainTypeBox);
    // The builder really stood in for TypeBox: its schemas carry none of TypeBox's own markers.
    expect(Object.getOwnPropertySymbols(withBuilder.Uuid)).toEqual([]);
    expect(withBuilder.Uuid).not.toBe(withTypeBox.Uuid);
    const names = Object.keys(withTypeBox);
    expect(names.length).toBeGreaterThan(100);
    expect(Object.keys(withBuilder).sort()).toEqual([...names].sort());
    for (const name of names) {
      const real = (withTypeBox as Record<string, unknown>)[name];
      if (typeof real === 'function') continue;
      expect(
        canonical(JSON.parse(JSON.stringify((withBuilder as Record<string, unknown>)[name]))),
        name,
      ).toEqual(canonical(JSON.parse(JSON.stringify(real))));
    }
  });

  it('marks optional properties so that they are not required', async () => {
    const { Type } = await import('./schemaBuilder.ts');
    const id = Type.String({ format: 'uuid' });
    const schema = Type.Object({ a: id, b: Type.Optional(id) });
    expect(schema).toEqual({ type: 'object', required: ['a'], properties: { a: id, b: id } });
  });
});
