import fc from 'fast-check';

/** The parts of an OpenAPI 3.0 document (as @fastify/swagger writes it) the generator reads. */
export interface OpenApiSchema {
  readonly type?: string | string[];
  readonly format?: string;
  readonly enum?: unknown[];
  readonly const?: unknown;
  readonly nullable?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly maxItems?: number;
  readonly items?: OpenApiSchema;
  readonly properties?: Record<string, OpenApiSchema>;
  readonly required?: string[];
  readonly anyOf?: OpenApiSchema[];
  readonly oneOf?: OpenApiSchema[];
  readonly allOf?: OpenApiSchema[];
  readonly $ref?: string;
}

export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required?: boolean;
  readonly schema?: OpenApiSchema;
}

export interface Operation {
  readonly parameters?: Parameter[];
  readonly requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
  readonly responses?: Record<string, { content?: Record<string, unknown> }>;
}

export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components?: { schemas?: Record<string, OpenApiSchema> };
}

export interface GeneratedRequest {
  readonly method: string;
  /** Below the API prefix, with the query: `/province?page=-1`. */
  readonly url: string;
  readonly body?: unknown;
  /** Sent without the bearer token. */
  readonly anonymous: boolean;
  readonly label: string;
}

/** A schema with its `$ref` followed. */
export function resolveSchema(doc: OpenApiDocument, schema: OpenApiSchema | undefined): OpenApiSchema {
  if (!schema) return {};
  if (schema.$ref) return resolveSchema(doc, doc.components?.schemas?.[schema.$ref.split('/').pop() ?? '']);
  return schema;
}

/** Every operation of the API (its description's own left out), method in capitals. */
export function operationsOf(doc: OpenApiDocument) {
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
}

/** What careless clients and probers send in place of a value. */
const HOSTILE_TEXT = [
  // Long and pathological: many cased letters (a search once built every spelling in case),
  // wildcards, past every declared length, past the net under them all.
  'a'.repeat(30),
  'aB'.repeat(60),
  '%_'.repeat(300),
  'ß'.repeat(40),
  'x'.repeat(2_001),
  'ก'.repeat(3000),
  '',
  ' ',
  "'; drop table branch; --",
  '\u0000',
  '../../etc/passwd',
  '😀‍👩‍👧',
  '%00',
  '1e309',
  '-1',
  'null',
  '<script>alert(1)</script>',
  '２０２５-0１-0１',
  '2025-02-30',
  '25:61',
  '00000000-0000-0000-0000-000000000000',
];

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_TEXT),
  fc.constant(null),
  fc.constantFrom(-1, 0, 2 ** 53, 1e308, 1.5, -2147483649),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);

const text = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'กขคงจสาขาabcXYZ019 -_.'), minLength: min, maxLength: max });

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Values for one schema: mostly well-shaped (so the request reaches the code behind validation),
 * sometimes hostile at any depth (so validation itself is tried).
 */
export class Values {
  constructor(
    private readonly doc: OpenApiDocument,
    private readonly ids: readonly string[],
  ) {}

  of(schema: OpenApiSchema | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
    const shaped = this.shaped(this.resolve(schema), name, depth);
    return fc.oneof({ arbitrary: shaped, weight: 6 }, { arbitrary: hostile, weight: 1 });
  }

  id(): fc.Arbitrary<string> {
    return fc.oneof(
      { arbitrary: fc.constantFrom(...this.ids), weight: 4 },
      { arbitrary: fc.uuid(), weight: 1 },
    );
  }

  private resolve(schema: OpenApiSchema | undefined): OpenApiSchema {
    return resolveSchema(this.doc, schema);
  }

  private shaped(schema: OpenApiSchema, name: string, depth: number): fc.Arbitrary<unknown> {
    if (depth > 4) return fc.constant(null);
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives?.length) return fc.oneof(...alternatives.map((s) => this.of(s, name, depth + 1)));
    if (schema.allOf?.length) return this.of(schema.allOf[0], name, depth + 1);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length > 1)
      return fc.oneof(...types.map((type) => this.shaped({ ...schema, type }, name, depth)));
    const value = this.ofType(types[0], schema, name, depth);
    return schema.nullable ? fc.option(value, { nil: null, freq: 5 }) : value;
  }

  private ofType(
    type: string | undefined,
    schema: OpenApiSchema,
    name: string,
    depth: number,
  ): fc.Arbitrary<unknown> {
    switch (type) {
      case 'string':
        return this.string(schema, name);
      case 'integer':
        return fc.integer({
          min: schema.minimum ?? -5,
          max: Math.min(schema.maximum ?? 100_000, 2 ** 31 - 1),
        });
      case 'number':
        return fc.double({
          min: schema.minimum ?? -1000,
          max: schema.maximum ?? 1e6,
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(this.of(schema.items, name, depth + 1), {
          maxLength: Math.min(schema.maxItems ?? 3, 4),
        });
      case 'object': {
        const properties = Object.entries(schema.properties ?? {});
        if (!properties.length) return fc.dictionary(text(1, 8), text(0, 8), { maxKeys: 2 });
        const record = Object.fromEntries(properties.map(([key, s]) => [key, this.of(s, key, depth + 1)]));
        return fc.record(record, { requiredKeys: schema.required?.filter((key) => key in record) ?? [] });
      }
      default:
        return hostile;
    }
  }

  private string(schema: OpenApiSchema, name: string): fc.Arbitrary<string> {
    if (schema.format === 'uuid' || /Id$|^id$/.test(name)) return this.id();
    const year = fc.integer({ min: 2024, max: 2027 });
    const day = fc.tuple(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }));
    const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }));
    if (schema.format === 'date') return day.map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`);
    if (schema.format === 'date-time')
      return fc
        .tuple(day, time)
        .map(([[y, m, d], [h, i]]) => `${y}-${pad(m)}-${pad(d)}T${pad(h)}:${pad(i)}:00.000Z`);
    if (schema.format === 'time' || /time$/i.test(name)) return time.map(([h, i]) => `${pad(h)}:${pad(i)}`);
    const min = schema.minLength ?? 0;
    const shaped = text(min, Math.max(min, Math.min(schema.maxLength ?? 24, 40)));
    if (schema.maxLength === undefined) return shaped;
    // At its bound and one past it, in letters of both cases: what is allowed must be cheap too.
    const cased = 'aB'.repeat(Math.ceil((schema.maxLength + 1) / 2));
    const edges = fc.constantFrom(cased.slice(0, schema.maxLength), cased.slice(0, schema.maxLength + 1));
    return fc.oneof({ arbitrary: shaped, weight: 8 }, { arbitrary: edges, weight: 1 });
  }
}

/** A stream of requests over every operation of `doc` (event streams left out: they never end). */
export function requestsFor(doc: OpenApiDocument, ids: readonly string[]): fc.Arbitrary<GeneratedRequest> {
  const values = new Values(doc, ids);
  const operations = operationsOf(doc).filter(
    ({ op }) => !Object.values(op.responses ?? {}).some((r) => r.content?.['text/event-stream']),
  );
  // One arbitrary per operation, built once (building them per sample costs more than sending).
  const perOperation = operations.map(({ path, method, op }) => {
    const parameters = op.parameters ?? [];
    const inPath = parameters.filter((p) => p.in === 'path');
    const inQuery = parameters.filter((p) => p.in === 'query');
    const pathValues = fc.record(
      Object.fromEntries(
        inPath.map((p) => [
          p.name,
          fc.oneof(
            { arbitrary: values.id(), weight: 5 },
            { arbitrary: fc.constantFrom(...HOSTILE_TEXT.filter(Boolean)), weight: 1 },
          ),
        ]),
      ),
    );
    const queryValues = fc.record(
      Object.fromEntries(inQuery.map((p) => [p.name, values.of(p.schema, p.name)])),
      {
        requiredKeys: inQuery.filter((p) => p.required).map((p) => p.name),
      },
    );
    const json = op.requestBody?.content?.['application/json'];
    const body = json ? values.of(json.schema) : op.requestBody ? hostile : fc.constant(undefined);
    return fc
      .record({
        pathValues,
        queryValues,
        body,
        anonymous: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
      })
      .map(({ pathValues, queryValues, body, anonymous }) => {
        const filled = path
          .replace(/^\/api/, '')
          .replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(pathValues[name])));
        const query = new URLSearchParams();
        for (const [name, value] of Object.entries(queryValues)) {
          for (const one of Array.isArray(value) ? value : [value])
            query.append(name, typeof one === 'object' && one !== null ? JSON.stringify(one) : String(one));
        }
        const url = query.size ? `${filled}?${query}` : filled;
        const label = `${method} ${url}${body === undefined ? '' : ` ${JSON.stringify(body).slice(0, 200)}`}`;
        return { method, url, body, anonymous, label };
      });
  });
  return fc.oneof(...perOperation);
}
