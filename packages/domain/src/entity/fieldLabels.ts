import { entities } from '../entities/index.ts';
import { refBaseName } from '../rules/labels.ts';

/**
 * The Thai label of a field known only by its name (an API parameter outside the entity
 * routes, a JSON-schema error's path): the label the declarations give a field of that name,
 * else for a reference `shipToId` / `deliveryOrderIds` the title of the entity it points to.
 * Undefined when no declaration knows the name.
 */
export function fieldLabel(name: string): string | undefined {
  return labels().get(name);
}

let cache: Map<string, string> | undefined;

function labels(): Map<string, string> {
  if (cache) return cache;
  cache = new Map();
  for (const entity of entities) {
    for (const field of [...entity.fields, ...(entity.children ?? []).flatMap((child) => child.fields)]) {
      if (!cache.has(field.name)) cache.set(field.name, field.label);
    }
    for (const child of entity.children ?? []) if (!cache.has(child.name)) cache.set(child.name, child.label);
  }
  for (const entity of entities) {
    for (const name of [`${entity.name}Id`, `${entity.name}Ids`]) {
      if (!cache.has(name) && refBaseName(name) === entity.name) cache.set(name, entity.title);
    }
  }
  return cache;
}
