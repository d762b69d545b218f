import Type, { type Static } from 'typebox';
import { List, operation, Uuid } from './common.ts';

/** How many characters a record search needs, and takes at most. */
export const RECORD_SEARCH = { minLength: 2, maxLength: 60, perEntity: 5, total: 20 } as const;

/** One record found by its code or document number (docs/web.md "Command palette"). */
export const FoundRecord = Type.Object({
  /** The entity's name; the client takes its title and show page from the domain. */
  entity: Type.String(),
  id: Uuid,
  /** The value that matched: the record's code, document number or username. */
  key: Type.String(),
  /** The record's label (`code: name`), as pickers show it. */
  label: Type.String(),
});
export type FoundRecord = Static<typeof FoundRecord>;

export const searchApi = {
  /**
   * `GET /search?term=…[&branchId=…]`: records of every entity the user may read whose code or
   * document number contains the term, exact matches first. Branch-owned entities only with a
   * branch, which must be one of the user's.
   */
  records: operation({
    method: 'GET',
    url: '/search',
    schema: {
      querystring: Type.Object(
        {
          term: Type.String({ minLength: RECORD_SEARCH.minLength, maxLength: RECORD_SEARCH.maxLength }),
          branchId: Type.Optional(Uuid),
        },
        { additionalProperties: false },
      ),
      response: { 200: List(FoundRecord, { maxItems: RECORD_SEARCH.total }) },
    },
  }),
};
