/**
 * The browser's `typebox` (vite.config.ts aliases it here): the API contract's schemas
 * (packages/domain/src/api) are built when their modules load, but the browser only reads the
 * operations' `url` and `method`; it never validates. TypeBox's builders (~30 kB gzip) would be
 * the shell's largest library after React DOM, so the browser gets these plain JSON Schema
 * builders instead, for exactly the `Type.*` functions the contract uses.
 * schemaBuilder.test.ts holds every schema of the contract equal to TypeBox's, as JSON.
 */
type Schema = Record<string, unknown>;
type Options = Schema | undefined;

/** Properties wrapped in `Type.Optional` (TypeBox marks them the same way: a flag JSON does not show). */
const optional = new WeakSet<object>();

const Type = {
  String: (options?: Options): Schema => ({ type: 'string', ...options }),
  Number: (options?: Options): Schema => ({ type: 'number', ...options }),
  Integer: (options?: Options): Schema => ({ type: 'integer', ...options }),
  Boolean: (options?: Options): Schema => ({ type: 'boolean', ...options }),
  Null: (options?: Options): Schema => ({ type: 'null', ...options }),
  Unknown: (options?: Options): Schema => ({ ...options }),
  Unsafe: (schema: Schema): Schema => ({ ...schema }),
  Literal: (value: string | number | boolean, options?: Options): Schema => ({
    type: typeof value,
    const: value,
    ...options,
  }),
  Enum: (values: readonly unknown[], options?: Options): Schema => ({ enum: [...values], ...options }),
  Union: (anyOf: readonly Schema[], options?: Options): Schema => ({ anyOf: [...anyOf], ...options }),
  Array: (items: Schema, options?: Options): Schema => ({ type: 'array', items, ...options }),
  Immutable: (schema: Schema): Schema => schema,
  Optional: (schema: Schema): Schema => {
    const copy = { ...schema };
    optional.add(copy);
    return copy;
  },
  Object: (properties: Record<string, Schema>, options?: Options): Schema => {
    const required = Object.keys(properties).filter((key) => !optional.has(properties[key]!));
    return { type: 'object', ...(required.length > 0 ? { required } : {}), properties, ...options };
  },
  /** Every property optional, in the object and where its properties are spread into another. */
  Partial: (schema: Schema, options?: Options): Schema => {
    const {
      required: _all,
      properties = {},
      ...rest
    } = schema as Schema & {
      properties?: Record<string, Schema>;
    };
    const each = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, Type.Optional(value)]),
    );
    return { ...rest, properties: each, ...options };
  },
  Record: (key: Schema, value: Schema, options?: Options): Schema => {
    // TypeBox keys a string-keyed record by any name ('^.*$', the key's length limits aside).
    if (key.type !== 'string' || 'pattern' in key || 'const' in key || 'enum' in key)
      throw new Error(
        'schemaBuilder: Type.Record takes a Type.String() key here; add the other kinds of key',
      );
    return { type: 'object', patternProperties: { '^.*$': value }, ...options };
  },
};

export default Type;
export { Type };
