import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/**
 * What each layer may import (docs/architecture.md): dependencies point one way. `testOnly` is what
 * its stories and tests may import besides; no shipped file may ("production code imports no mocks").
 */
interface LayerRule {
  readonly allowedWorkspace: readonly string[];
  readonly testOnly?: readonly string[];
  readonly forbidden: readonly RegExp[];
}

const serverOnly = [/^pg$/, /^kysely/, /^fastify/, /^node:/];

const rules: Record<string, LayerRule> = {
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
  // The generic pages know no feature: a feature builds on them, never the other way.
  'packages/entity-pages': {
    allowedWorkspace: ['@lms/domain', '@lms/design-system'],
    testOnly: ['@lms/testing'],
    forbidden: serverOnly,
  },
  'packages/features': {
    allowedWorkspace: ['@lms/domain', '@lms/design-system', '@lms/entity-pages'],
    testOnly: ['@lms/testing'],
    forbidden: serverOnly,
  },
  // Mocks, fixtures and the story harness: for stories, tests and .storybook only.
  'packages/testing': {
    allowedWorkspace: ['@lms/domain', '@lms/design-system', '@lms/entity-pages', '@lms/features'],
    forbidden: serverOnly,
  },
  'apps/web/src': {
    allowedWorkspace: ['@lms/domain', '@lms/design-system', '@lms/entity-pages', '@lms/features'],
    testOnly: ['@lms/testing'],
    forbidden: serverOnly,
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
  return importsIn(readFileSync(file, 'utf8'));
}

function importsIn(text: string): string[] {
  return [
    ...text.matchAll(
      /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

const isStoryOrTest = (file: string) => /\.(stories|test)\.tsx?$/.test(file);

/** What `file` of the layer at `dir` imports that its layer may not (`specs`: what it imports). */
function layerOffences(dir: string, rule: LayerRule, file: string, specs: readonly string[]): string[] {
  const allowed = [...rule.allowedWorkspace, ...(rule.testOnly ?? [])];
  const packageDir = path.join(root, dir.split('/').slice(0, 2).join('/'));
  const offences: string[] = [];
  for (const spec of specs) {
    const workspace = spec.match(/^@lms\/[^/]+/)?.[0];
    if (workspace && !allowed.includes(workspace)) offences.push(`${file}: ${spec}`);
    // Stories and tests may use test tooling; the layer rule is about shipped code.
    if (!isStoryOrTest(file) && rule.forbidden.some((re) => re.test(spec))) offences.push(`${file}: ${spec}`);
    if (spec.startsWith('.') && !path.resolve(path.dirname(file), spec).startsWith(packageDir)) {
      offences.push(`${file}: ${spec} (reaches into another package)`);
    }
  }
  return offences;
}

describe('layer boundaries', () => {
  for (const [dir, rule] of Object.entries(rules)) {
    it(`${dir} imports only what its layer may`, () => {
      const offences = sourceFiles(path.join(root, dir)).flatMap((file) =>
        layerOffences(dir, rule, file, importsOf(file)),
      );
      expect(offences).toEqual([]);
    });
  }

  it('catches a forbidden import (the checker itself works)', () => {
    expect(importsOf(path.join(root, 'apps/server/src/app.ts'))).toContain('fastify');
  });

  it('sees a generic page that imports a feature, in a story too, and lets a feature use the generic pages (the checker itself works)', () => {
    const entityPages = rules['packages/entity-pages']!;
    const page = path.join(root, 'packages/entity-pages/src/pages/EntityListPage.tsx');
    const story = path.join(root, 'packages/entity-pages/src/pages/ProvincePage.stories.tsx');
    expect(layerOffences('packages/entity-pages', entityPages, page, ['@lms/features/parts'])).toEqual([
      `${page}: @lms/features/parts`,
    ]);
    expect(
      layerOffences('packages/entity-pages', entityPages, story, ['../../../features/src/parts/registry.ts']),
    ).toEqual([`${story}: ../../../features/src/parts/registry.ts (reaches into another package)`]);
    expect(layerOffences('packages/entity-pages', entityPages, story, ['@lms/testing/stories'])).toEqual([]);
    const part = path.join(root, 'packages/features/src/parts/registry.ts');
    expect(
      layerOffences('packages/features', rules['packages/features']!, part, ['@lms/entity-pages']),
    ).toEqual([]);
  });
});

/**
 * Each package imports only what its package.json declares (docs/architecture.md): a bare import
 * that resolves only because the workspace root installs it (react-aria-components in
 * entity-pages, once) breaks the day the root stops, and hides an arrow the layers do not draw.
 * Shipped code — what the package's entry reaches — takes its `dependencies` and
 * `peerDependencies`; stories, tests and what only they reach (mocks, story helpers) may also use
 * the package's and the root's `devDependencies` (Vitest, Storybook, MSW …).
 */
interface PackageSource {
  /** Every source file of the package's src, by absolute path. */
  readonly files: ReadonlyMap<string, string>;
  /** Where shipped code starts. */
  readonly entries: readonly string[];
  readonly declared: ReadonlySet<string>;
  readonly devOnly: ReadonlySet<string>;
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; nothing for relative paths and Node's modules. */
/** A Vite plugin's virtual module, by the package whose code it ships (the plugin itself only builds). */
const virtualModules: Readonly<Record<string, string>> = {
  // vite-plugin-pwa's registration: workbox-window's code (apps/web/src/driver/main.tsx).
  'virtual:pwa-register': 'workbox-window',
  // The design tokens' CSS variables, written from the design system (apps/web/build/tokensCss.ts).
  'virtual:lms-tokens.css': '@lms/design-system',
};

function packageOf(spec: string): string | undefined {
  if (spec in virtualModules) return virtualModules[spec];
  if (spec.startsWith('.') || spec.startsWith('/') || isBuiltin(spec)) return undefined;
  return spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
}

/** Comments may quote an import (`import … from 'typebox'`); only code counts. */
const codeOf = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The files the entries reach through relative imports (static, re-exports and `import()`). */
function shippedFiles(source: PackageSource): Set<string> {
  const reached = new Set<string>();
  const visit = (file: string) => {
    const text = source.files.get(file);
    if (text === undefined || reached.has(file)) return;
    reached.add(file);
    for (const spec of importsIn(codeOf(text)))
      if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec));
  };
  for (const entry of source.entries) visit(entry);
  return reached;
}

function undeclaredImports(source: PackageSource): string[] {
  const shipped = shippedFiles(source);
  const offences: string[] = [];
  for (const [file, text] of source.files) {
    for (const spec of importsIn(codeOf(text))) {
      const name = packageOf(spec);
      if (!name || source.declared.has(name)) continue;
      if (!shipped.has(file) && source.devOnly.has(name)) continue;
      offences.push(`${file}: ${name}${shipped.has(file) ? '' : ' (not even a devDependency)'}`);
    }
  }
  return offences;
}

const dependencyNames = (json: Record<string, Record<string, string> | undefined>, ...keys: string[]) =>
  keys.flatMap((key) => Object.keys(json[key] ?? {}));

/** The files a package.json's `exports` names: one entry (`"./src/index.ts"`) or a map of subpaths. */
function exportedFiles(exports: unknown): string[] {
  if (typeof exports === 'string') return [exports];
  if (!exports || typeof exports !== 'object') return [];
  return Object.values(exports).filter((file): file is string => typeof file === 'string');
}

/** A workspace package as the rule reads it from its package.json, its src and (an app) its page. */
function packageSource(dir: string): PackageSource {
  const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  const json = read(`${dir}/package.json`);
  const files = new Map(
    sourceFiles(path.join(root, dir, 'src')).map((file) => [file, readFileSync(file, 'utf8')]),
  );
  // An app's pages (the staff app's index.html, the driver's driver.html): each page script is an entry.
  const pages = existsSync(path.join(root, dir))
    ? readdirSync(path.join(root, dir)).filter((name) => name.endsWith('.html'))
    : [];
  const entries = [
    ...exportedFiles(json.exports).map((file) => path.join(root, dir, file)),
    ...pages.flatMap((page) =>
      [...readFileSync(path.join(root, dir, page), 'utf8').matchAll(/<script[^>]+src="\/([^"]+)"/g)].map(
        (m) => path.join(root, dir, m[1] ?? ''),
      ),
    ),
  ].filter((entry) => files.has(entry));
  return {
    files,
    // No entry found (the server: a process started from several of its files): all but stories and tests ship.
    entries:
      entries.length > 0
        ? entries
        : [...files.keys()].filter((file) => !/\.(stories|test)\.tsx?$/.test(file)),
    declared: new Set(dependencyNames(json, 'dependencies', 'peerDependencies')),
    devOnly: new Set([
      ...dependencyNames(json, 'devDependencies'),
      ...dependencyNames(read('package.json'), 'devDependencies'),
    ]),
  };
}

describe('declared dependencies', () => {
  for (const dir of Object.keys(rules).map((rule) => rule.replace(/\/src$/, ''))) {
    it(`${dir} imports only packages its package.json declares`, () => {
      expect(undeclaredImports(packageSource(dir)).map((offence) => path.relative(root, offence))).toEqual(
        [],
      );
    });
  }

  it('holds shipped code to dependencies, and lets stories, tests and their helpers use test tools (the checker itself works)', () => {
    const at = (name: string) => path.join('/pkg/src', name);
    const source = (declared: string[], index: string): PackageSource => ({
      files: new Map([
        [at('index.ts'), index],
        [at('Menu.tsx'), "import { Menu } from 'react-aria-components';\n/* import x from 'a-comment' */"],
        [
          at('Menu.stories.tsx'),
          "import { expect } from 'storybook/test';\nimport { Menu } from './Menu.tsx';",
        ],
        [at('mocks.ts'), "import { http } from 'msw';\nimport { readFile } from 'node:fs/promises';"],
      ]),
      entries: [at('index.ts')],
      declared: new Set(declared),
      devOnly: new Set(['storybook', 'msw']),
    });
    expect(undeclaredImports(source([], "export { Menu } from './Menu.tsx';"))).toEqual([
      `${at('Menu.tsx')}: react-aria-components`,
    ]);
    expect(
      undeclaredImports(source(['react-aria-components'], "export { Menu } from './Menu.tsx';")),
    ).toEqual([]);
    // A mock reached from the entry ships: MSW would then be a dependency.
    expect(
      undeclaredImports(source(['react-aria-components'], "export { http } from './mocks.ts';")),
    ).toEqual([`${at('mocks.ts')}: msw`]);
    expect(packageOf('@storybook/react-vite/preset')).toBe('@storybook/react-vite');
    expect(packageOf('node:fs')).toBeUndefined();
  });
});

/**
 * Production code imports no mocks (docs/architecture.md "What may import what"): the mocks,
 * fixtures and story harness live in `@lms/testing` (and any folder named `mocks/`), which only
 * stories, tests, what only they reach and .storybook may import. A shipped file — one its
 * package's entry reaches — that imports them would put MSW and the fixtures in the product.
 */
function mockImportsOf(file: string, text: string): string[] {
  return importsIn(codeOf(text)).filter(
    (spec) =>
      /^@lms\/testing(\/|$)/.test(spec) ||
      (spec.startsWith('.') && path.resolve(path.dirname(file), spec).split(path.sep).includes('mocks')),
  );
}

function shippedMockImports(source: PackageSource): string[] {
  return [...shippedFiles(source)].flatMap((file) =>
    mockImportsOf(file, source.files.get(file) ?? '').map((spec) => `${file}: ${spec}`),
  );
}

describe('production code imports no mocks', () => {
  const shipping = Object.keys(rules)
    .map((rule) => rule.replace(/\/src$/, ''))
    .filter((dir) => dir !== 'packages/testing');
  for (const dir of shipping) {
    it(`${dir}: no shipped file imports @lms/testing or a mocks/ folder`, () => {
      expect(shippedMockImports(packageSource(dir)).map((offence) => path.relative(root, offence))).toEqual(
        [],
      );
    });
  }

  it('sees a shipped file that imports the mocks, and lets a story or its helper do so (the checker itself works)', () => {
    const at = (name: string) => path.join('/pkg/src', name);
    const source = (index: string): PackageSource => ({
      files: new Map([
        [at('index.ts'), index],
        [at('Page.tsx'), "import { PageHarness } from '@lms/testing/stories';"],
        [at('Page.stories.tsx'), "import { mock } from '@lms/testing';\nimport { Page } from './Page.tsx';"],
        [at('storyFrame.tsx'), "import { fixtureId } from './mocks/fixtures.ts';"],
        [at('mocks/fixtures.ts'), 'export const fixtureId = (n: number) => String(n);'],
      ]),
      entries: [at('index.ts')],
      declared: new Set(),
      devOnly: new Set(),
    });
    expect(shippedMockImports(source("export { Page } from './Page.tsx';"))).toEqual([
      `${at('Page.tsx')}: @lms/testing/stories`,
    ]);
    expect(shippedMockImports(source('export const nothing = 0;'))).toEqual([]);
    expect(shippedMockImports(source("export * from './storyFrame.tsx';"))).toEqual([
      `${at('storyFrame.tsx')}: ./mocks/fixtures.ts`,
    ]);
  });
});

/** A file's relative imports as the files they name (`./x.ts`, `../y/index.ts`); packages are left out. */
function relativeImportsOf(file: string): string[] {
  return importsOf(file)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.resolve(path.dirname(file), spec))
    .map(
      (target) =>
        [
          target,
          `${target}.ts`,
          `${target}.tsx`,
          path.join(target, 'index.ts'),
          path.join(target, 'index.tsx'),
        ].find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile()) ?? target,
    );
}

type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** The import graph of the source files under `dirs`, by path relative to the root. */
function importGraph(dirs: readonly string[]): ImportGraph {
  const files = dirs.flatMap((dir) => sourceFiles(path.join(root, dir)));
  return new Map(
    files.map((file) => [
      path.relative(root, file),
      relativeImportsOf(file).map((to) => path.relative(root, to)),
    ]),
  );
}

/**
 * The circles of a graph, one per knot of nodes that reach each other (Tarjan's strongly connected
 * components), each shown as a path back to its start. Empty when the imports point one way.
 */
function circlesOf(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const knots: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const knot: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      knot.push(member);
    } while (member !== node);
    if (knot.length > 1 || graph.get(node)?.includes(node)) knots.push(knot);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return knots.map((knot) => circleThrough(graph, new Set(knot)));
}

/** One circle inside a knot, from its first node back to it (breadth first: the shortest). */
function circleThrough(graph: ImportGraph, knot: ReadonlySet<string>): string[] {
  const start = [...knot].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!knot.has(next)) continue;
      if (next === start) {
        const circle = [node];
        while (circle[0] !== start) circle.unshift(cameFrom.get(circle[0]!)!);
        return [...circle, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/**
 * Where imports must point one way, file by file: every source file of the apps and packages,
 * stories, tests and their helpers too (a circle there is as hard to follow as one in shipped code).
 */
const acyclic = ['apps', 'packages'];

describe('no import circles', () => {
  it(`between files of ${acyclic.join(', ')}`, () => {
    expect(circlesOf(importGraph(acyclic)).map((circle) => circle.join(' → '))).toEqual([]);
  });

  it('finds a circle where there is one, and none where the arrows point one way (the checker itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'x']],
      ['c', ['a']],
      ['d', ['a']],
      ['e', ['e']],
    ]);
    expect(circlesOf(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
    ]);
    expect(
      circlesOf(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['d', ['a', 'c']],
        ]),
      ),
    ).toEqual([]);
  });
});

/**
 * The server's core (docs/architecture.md "The server"): HTTP, database, auth, the generic CRUD,
 * file storage, the fair queue, the core routes. It imports no feature; features plug into its
 * extension points and app.ts and main.ts, the composition roots, wire them. Every other folder,
 * a new one too, is a feature.
 */
const server = path.join(root, 'apps/server/src');
const coreFolders = ['auth', 'crud', 'db', 'entities', 'files', 'http', 'process', 'queue', 'routes'];
const compositionRoots = ['app.ts', 'main.ts'];

/** The part of the server a file belongs to: its core or feature folder, or the root's files. */
function serverPartOf(file: string): { part: string; core: boolean } {
  const [first = '', ...rest] = path.relative(server, file).split(path.sep);
  if (rest.length === 0) return { part: first, core: !compositionRoots.includes(first) };
  return { part: `${first}/`, core: coreFolders.includes(first) };
}

/** The features `file` imports, when it is core (for a feature or a composition root: none to report). */
function featureImportsOf(file: string, imported: readonly string[]): string[] {
  if (!serverPartOf(file).core) return [];
  return imported.filter((target) => target.startsWith(server) && !serverPartOf(target).core);
}

describe('the server core imports no feature', () => {
  it(`${coreFolders.join('/, ')}/ and the root's files import nothing from a feature folder`, () => {
    const offences = sourceFiles(server).flatMap((file) =>
      featureImportsOf(file, relativeImportsOf(file)).map(
        (target) => `${path.relative(root, file)} → ${path.relative(root, target)}`,
      ),
    );
    expect(offences).toEqual([]);
  });

  it('nor do its folders import each other in a circle (a feature reaches another one way only)', () => {
    const folders = new Map<string, string[]>();
    for (const [file, imported] of importGraph(['apps/server/src'])) {
      const from = serverPartOf(path.join(root, file)).part;
      const to = imported
        .map((target) => serverPartOf(path.join(root, target)).part)
        .filter((part) => part !== from);
      folders.set(from, [...(folders.get(from) ?? []), ...to]);
    }
    expect(circlesOf(folders).map((circle) => circle.join(' → '))).toEqual([]);
  });

  it('sees a core file that imports a feature, and lets a feature or app.ts import both (the checker itself works)', () => {
    const contact = path.join(server, 'contact/outbox.ts');
    const crud = path.join(server, 'crud/routes.ts');
    expect(featureImportsOf(path.join(server, 'routes/context.ts'), [contact, crud])).toEqual([contact]);
    expect(featureImportsOf(path.join(server, 'config.ts'), [contact])).toEqual([contact]);
    expect(featureImportsOf(path.join(server, 'booking/routes.ts'), [contact, crud])).toEqual([]);
    expect(
      featureImportsOf(path.join(server, 'app.ts'), relativeImportsOf(path.join(server, 'app.ts'))),
    ).toEqual([]);
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
  /^packages\/testing\/src\/mocks\/mock\.ts$/,
  // The client's base again, in the early script that imports nothing (its own entry).
  /^apps\/web\/src\/session\/earlyStart\.ts$/,
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
