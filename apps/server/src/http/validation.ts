import { fieldLabel, validationMessages as m } from '@lms/domain';
import type { FastifySchema, FastifySchemaValidationError } from 'fastify';

/**
 * The JSON-schema validator's findings in Thai (api.md): one message per finding, naming the
 * field by its Thai label, never the validator's English nor the value sent.
 */

interface SchemaNode {
  readonly title?: string;
  readonly description?: string;
  readonly type?: string | readonly string[];
  readonly format?: string;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly items?: SchemaNode;
}

const THAI = /[\u0E00-\u0E7F]/;
/** What the client sent as a whole, when the finding is about the body or query itself. */
const WHOLE: Readonly<Record<string, string>> = {
  body: 'ข้อมูลที่ส่ง',
  querystring: 'พารามิเตอร์ของคำขอ',
  params: 'ที่อยู่ของคำขอ',
  headers: 'ส่วนหัวของคำขอ',
};
/** Names no declaration carries, yet several routes use. */
const COMMON: Readonly<Record<string, string>> = {
  id: 'รหัสข้อมูล',
  version: 'เวอร์ชันของข้อมูล',
  password: 'รหัสผ่าน',
};

/**
 * A field's Thai label: the schema's `title` (or a Thai `description`, as the entity schemas
 * carry it), else the label the domain declarations give that name; the name itself only
 * when nothing knows it.
 */
export function labelOf(name: string | undefined, node: SchemaNode | undefined, context: string): string {
  if (node?.title) return node.title;
  if (node?.description && THAI.test(node.description)) return node.description;
  if (name === undefined) return WHOLE[context] ?? WHOLE.body!;
  return fieldLabel(name) ?? COMMON[name] ?? `ข้อมูล ${name.slice(0, 40)}`;
}

/** The schema node at a JSON pointer (`/allocations/0/qty`), and the name of its last property. */
function nodeAt(root: SchemaNode | undefined, pointer: string) {
  let node = root;
  let name: string | undefined;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node?.properties && segment in node.properties) {
      node = node.properties[segment];
      name = segment;
    } else if (node?.items && /^\d+$/.test(segment)) {
      node = node.items;
    } else {
      node = undefined;
      if (!/^\d+$/.test(segment)) name = segment;
    }
  }
  return { node, name };
}

const typeMessages: Readonly<Record<string, (label: string) => string>> = {
  number: m.number,
  integer: m.integer,
  boolean: m.boolean,
  array: m.list,
  string: (label) => `${label} ต้องเป็นข้อความ`,
  object: (label) => `${label} ต้องเป็นข้อมูลแบบ JSON object`,
  null: (label) => `${label} ต้องว่าง`,
};

const formatMessages: Readonly<Record<string, (label: string) => string>> = {
  date: m.date,
  time: m.time,
  'date-time': m.datetime,
  email: m.email,
};

function message(error: FastifySchemaValidationError, label: string): string {
  const params = error.params as Record<string, unknown>;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'required':
      return m.required(label);
    case 'type': {
      const type = String(params.type).split(',')[0]!;
      return (typeMessages[type] ?? typeMessages.string!)(label);
    }
    case 'minLength':
      return limit <= 1 ? m.required(label) : `${label} ต้องยาวอย่างน้อย ${limit} ตัวอักษร`;
    case 'maxLength':
      return m.maxLength(label, limit);
    case 'minimum':
      return m.min(label, limit);
    case 'exclusiveMinimum':
      return `${label} ต้องมากกว่า ${limit}`;
    case 'maximum':
      return m.max(label, limit);
    case 'exclusiveMaximum':
      return `${label} ต้องน้อยกว่า ${limit}`;
    case 'minItems':
      return limit <= 1 ? m.required(label) : `${label} ต้องมีอย่างน้อย ${limit} รายการ`;
    case 'maxItems':
      return `${label} มีได้ไม่เกิน ${limit} รายการ`;
    case 'uniqueItems':
      return `${label} มีรายการซ้ำกัน`;
    case 'enum':
    case 'const':
      return m.oneOf(label);
    case 'format':
      return (formatMessages[String(params.format)] ?? ((l: string) => `${l} มีรูปแบบไม่ถูกต้อง`))(label);
    case 'additionalProperties':
      return `ไม่รู้จัก ${label}`;
    default:
      return `${label} ไม่ถูกต้อง`;
  }
}

/** Thai messages for a failed schema validation of one part (`body`, `querystring` …) of a request. */
export function validationMessages(
  errors: readonly FastifySchemaValidationError[],
  context: string,
  schema: FastifySchema | undefined,
): string[] {
  const root = (schema as Record<string, SchemaNode | undefined> | undefined)?.[context];
  const texts = errors.map((error) => {
    const params = error.params as Record<string, unknown>;
    const at = nodeAt(root, error.instancePath);
    const child = (params.missingProperty ?? params.additionalProperty) as string | undefined;
    if (child !== undefined) return message(error, labelOf(child, at.node?.properties?.[child], context));
    return message(error, labelOf(at.name, at.node, context));
  });
  return [...new Set(texts)];
}
