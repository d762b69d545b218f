import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** What each layer may import (docs/architecture.md): dependencies point one way. */
const rules: Record<string, { allowedWorkspace: string[]; forbidden: RegExp[] }> = {
  'packages/domain': {
    allowedWorkspace: [],
    forbidden: [/^react/, /^node:/, /^pg$/, /^kysely/, /^fastify/, /^styled-components/, /^swr/],
  },
  'packages/booking': {
    allowedWorkspace: ['@lms/domain'],
    forbidden: [/^react/, /^node:/, /^pg$/, /^kysely/, /^fastify/, /^styled-components/, /^swr/],
  },
  'packages/planning': {
    allowedWorkspace: ['@lms/domain', '@lms/booking'],
    forbidden: [/^react/, /^node:/, /^pg$/, /^kysely/, /^fastify/, /^styled-components/, /^swr/],
  },
  'packages/design-system': {
    allowedWorkspace: [],
    forbidden: [/^swr/, /^pg$/, /^kysely/, /^fastify/, /^node:/],
  },
  'packages/entity-pages': {
    allowedWorkspace: ['@lms/domain', '@lms/design-system'],
    forbidden: [/^pg$/, /^kysely/, /^fastify/, /^node:/],
  },
  'apps/web/src': {
    allowedWorkspace: ['@lms/domain', '@lms/design-system', '@lms/entity-pages'],
    forbidden: [/^pg$/, /^kysely/, /^fastify/, /^node:/],
  },
  'apps/server/src': {
    allowedWorkspace: ['@lms/domain', '@lms/booking', '@lms/planning'],
    forbidden: [/^react/, /^styled-components/, /^swr/],
  },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => path.join(e.parentPath, e.name));
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(
      /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

describe('layer boundaries', () => {
  for (const [dir, rule] of Object.entries(rules)) {
    it(`${dir} imports only what its layer may`, () => {
      const offences: string[] = [];
      for (const file of sourceFiles(path.join(root, dir))) {
        // Stories and tests may use test tooling; the layer rule is about shipped code.
        const isStoryOrTest = /\.(stories|test)\.tsx?$/.test(file);
        for (const spec of importsOf(file)) {
          const workspace = spec.match(/^@lms\/[^/]+/)?.[0];
          if (workspace && !rule.allowedWorkspace.includes(workspace)) offences.push(`${file}: ${spec}`);
          if (!isStoryOrTest && rule.forbidden.some((re) => re.test(spec))) offences.push(`${file}: ${spec}`);
          if (
            spec.startsWith('.') &&
            !path
              .resolve(path.dirname(file), spec)
              .startsWith(path.join(root, dir.split('/').slice(0, 2).join('/')))
          ) {
            offences.push(`${file}: ${spec} (reaches into another package)`);
          }
        }
      }
      expect(offences).toEqual([]);
    });
  }

  it('catches a forbidden import (the checker itself works)', () => {
    expect(importsOf(path.join(root, 'apps/server/src/app.ts'))).toContain('fastify');
  });
});

/** Inside entity-pages: the generic pages, form and bulk actions know no entity (docs/architecture.md). */
const entityPages = path.join(root, 'packages/entity-pages/src');
const genericFolders = ['pages', 'form', 'bulk'];
const entityPartsFolder = path.join(entityPages, 'parts');

/** Relative imports of `file` that land in `parts/`, where each entity's own parts live. */
function partsImportsOf(file: string): string[] {
  return importsOf(file).filter(
    (spec) =>
      spec.startsWith('.') &&
      path.resolve(path.dirname(file), spec).startsWith(`${entityPartsFolder}${path.sep}`),
  );
}

describe('generic entity pages', () => {
  it('pages/, form/ and bulk/ import nothing from parts/: the host hands the registry in (EntityPartsProvider)', () => {
    const offences = genericFolders.flatMap((folder) =>
      sourceFiles(path.join(entityPages, folder)).flatMap((file) =>
        partsImportsOf(file).map((spec) => `${path.relative(root, file)}: ${spec}`),
      ),
    );
    expect(offences).toEqual([]);
  });

  it('sees an import of parts/ where there is one (the checker itself works)', () => {
    expect(partsImportsOf(path.join(entityPages, 'stories/PageHarness.tsx'))).toEqual([
      '../parts/registry.ts',
    ]);
  });
});
