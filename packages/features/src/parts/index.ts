export { partsFor } from './registry.ts';
