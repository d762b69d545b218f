import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';
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

/**
 * One route table (docs/architecture.md "The API contract"): a path under `/api/` is written in the
 * contract alone. Screens call by operation (`call`), stories answer by operation (`mock`), tests
 * and e2e name a request by its operation (`requestPath`); a string or template that names
 * `/api/…` anywhere else is a second route table.
 */
const routeTableScope = ['packages', 'apps/web/src', 'apps/web/e2e'];
const routeTableOwners = [
  // The contract, its own tests included.
  /^packages\/domain\/src\/api\//,
  // The client's base and the stories' (`/api` itself, with no path under it).
  /^packages\/entity-pages\/src\/api\/client\.ts$/,
  /^packages\/entity-pages\/src\/mocks\/mock\.ts$/,
  // call()'s own test: the URLs the client sends for the operations it calls.
  /^packages\/entity-pages\/src\/api\/call\.test\.ts$/,
];

interface SyntaxNode {
  readonly type?: string;
  readonly start?: number;
  readonly value?: unknown;
  readonly quasis?: readonly { readonly value: { readonly raw: string } }[];
}

/** Where a module is named, not a URL: `import … from './api/x.ts'`, `import('./api/x.ts')`. */
const moduleSpecifierOwners = new Set([
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'ImportExpression',
  'TSImportType',
]);

/** The string literals and templates of `text` that name a path under `/api/`, as `line: text`. */
function apiPathLiterals(fileName: string, text: string): string[] {
  if (!text.includes('/api/')) return [];
  const { program, errors } = parseSync(fileName, text);
  if (errors.length > 0) throw new Error(`${fileName}: ${errors[0]?.message}`);
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const syntax = node as SyntaxNode;
    const written =
      syntax.type === 'Literal' && typeof syntax.value === 'string'
        ? syntax.value
        : syntax.type === 'TemplateLiteral'
          ? (syntax.quasis ?? []).map((quasi) => quasi.value.raw).join('…')
          : undefined;
    if (written?.includes('/api/'))
      found.push(`${text.slice(0, syntax.start).split('\n').length}: ${written}`);
    for (const [key, child] of Object.entries(node)) {
      if ((key === 'source' || key === 'argument') && moduleSpecifierOwners.has(syntax.type ?? '')) continue;
      visit(child);
    }
  };
  visit(program);
  return found;
}

describe('one route table', () => {
  it('names no /api/ path outside the contract: calls, mocks and tests go by operation', () => {
    const offences = routeTableScope
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      .map((file) => path.relative(root, file))
      .filter((file) => !file.startsWith('packages/') || /^packages\/[^/]+\/src\//.test(file))
      .filter((file) => !routeTableOwners.some((owner) => owner.test(file)))
      .flatMap((file) =>
        apiPathLiterals(file, readFileSync(path.join(root, file), 'utf8')).map((hit) => `${file}:${hit}`),
      );
    expect(offences).toEqual([]);
  });

  it('finds a path written by hand, in a string or a template, and not in a comment or an import (the checker itself works)', () => {
    const source = [
      "import { client } from '../api/client.ts';",
      '// GET /api/province is the list',
      "const list = '/api/province';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template as a source file holds it
      'const record = (id: string) => `${origin}/api/province/${id}`;',
      "const lazy = () => import('./api/call.ts');",
    ].join('\n');
    expect(apiPathLiterals('probe.tsx', source)).toEqual(['3: /api/province', '4: …/api/province/…']);
  });
});
