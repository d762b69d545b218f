import type { EntityDef } from '@lms/domain';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { EntityParts, PartsRegistry } from './types.ts';

const PartsContext = createContext<PartsRegistry | null>(null);

/**
 * The parts registry the host hands in (apps/web around its entity screens, the story harness
 * around stories): the generic pages ask it for an entity's slots, and know no entity themselves.
 */
export function EntityPartsProvider({
  registry,
  children,
}: {
  readonly registry: PartsRegistry;
  readonly children: ReactNode;
}) {
  return <PartsContext.Provider value={registry}>{children}</PartsContext.Provider>;
}

/** The entity's parts from the host's registry; the same object while entity and registry stay. */
export function useEntityParts(entity: EntityDef): EntityParts {
  const registry = useContext(PartsContext);
  const parts = useMemo(() => registry?.(entity), [registry, entity]);
  // Without a registry a branch's form would silently lose its child tables: say so instead.
  if (!parts) throw new Error('useEntityParts() needs an <EntityPartsProvider> above the entity pages');
  return parts;
}
