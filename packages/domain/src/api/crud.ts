import Type, { type Static } from 'typebox';

/**
 * The shapes of the generic entity routes that do not depend on the entity (docs/api.md Entity
 * CRUD). A record's own shape is derived from its declaration (apps/server/src/crud/jsonSchema.ts).
 */

/** `GET {entity}/options`: `[{ id, label }]`, label `code: name`. */
export const OptionItem = Type.Object({ id: Type.String(), label: Type.String() });
export type OptionItem = Static<typeof OptionItem>;

/** `GET {entity}/{id}/history`, newest first. */
export const HistoryEntry = Type.Object({
  id: Type.String(),
  action: Type.Enum(['create', 'update', 'delete']),
  /** The set fields on create/delete, `{ from, to }` per changed field on update. */
  changes: Type.Unsafe<Readonly<Record<string, unknown>>>({ type: 'object', additionalProperties: true }),
  at: Type.String({ format: 'date-time' }),
  userId: Type.Union([Type.String(), Type.Null()]),
  userLabel: Type.Union([Type.String(), Type.Null()]),
  /** Where the write came from when not a screen: `import: <file name>` (docs/import.md). */
  source: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Id → label of every reference in `changes`, child rows included (never an id on screen). */
  labels: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type HistoryEntry = Static<typeof HistoryEntry>;

/** `POST appUser/{id}/resetPassword`. */
export const ResetPasswordAnswer = Type.Object({ temporaryPassword: Type.String() });
export type ResetPasswordAnswer = Static<typeof ResetPasswordAnswer>;
