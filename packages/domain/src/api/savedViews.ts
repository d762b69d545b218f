import Type, { type Static } from 'typebox';
import { LIMITS } from '../constants.ts';
import { IdParams, List, NoContent, Nullable, operation, Uuid } from './common.ts';

/**
 * Saved views of a list (issue 22 item 4, docs/entity-pages.md "Saved views"): a list's filters,
 * search, sort, columns and page size under a name, kept on the server so they follow the user to
 * any device; private, or shared with a branch and/or a role by a user who may edit the entity.
 */

/** Limits a view is held to; the checks in `entity/savedView.ts` give the Thai messages. */
export const SAVED_VIEW = {
  nameMaxLength: 60,
  perUserPerEntity: 50,
  minColumnWidth: 60,
  maxColumnWidth: 800,
  maxPageSize: LIMITS.listPageSizeMax,
} as const;

/** One column as the view keeps it; the order of the list is the columns' order on screen. */
export const ViewColumn = Type.Object(
  {
    key: Type.String({ maxLength: 100 }),
    /** Pixels; absent: the grid's own width. */
    width: Type.Optional(Type.Integer()),
    hidden: Type.Optional(Type.Boolean()),
    /** Stays in view while the middle scrolls sideways; absent: as the declaration says. */
    pinned: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ViewColumn = Static<typeof ViewColumn>;

export const ViewSort = Type.Object(
  {
    field: Type.String({ maxLength: 100 }),
    direction: Type.Union([Type.Literal('asc'), Type.Literal('desc')]),
  },
  { additionalProperties: false },
);

/** What a view restores. Filters are keyed by their query parameter (`regionIds`, `codeEq` …), as in the URL. */
export const ViewState = Type.Object(
  {
    filters: Type.Record(
      Type.String({ maxLength: 100 }),
      Type.Union([Type.String({ maxLength: 500 }), List(Type.String({ maxLength: 500 }), { maxItems: 200 })]),
    ),
    searchTerm: Type.String({ maxLength: 200 }),
    sort: List(ViewSort, { maxItems: 10 }),
    columns: List(ViewColumn, { maxItems: 300 }),
    pageSize: Type.Integer(),
  },
  { additionalProperties: false },
);
export type ViewState = Static<typeof ViewState>;

/** Who else sees a shared view: the users of a branch, the holders of a role, or those who are both. */
export const ViewSharing = Type.Object(
  // null first: the server's validator coerces a null body value to "" when a string comes first.
  { branchId: Nullable(Uuid), role: Type.Union([Type.Null(), Type.String({ maxLength: 100 })]) },
  { additionalProperties: false },
);
export type ViewSharing = Static<typeof ViewSharing>;

export const SavedView = Type.Object({
  id: Uuid,
  entity: Type.String(),
  name: Type.String(),
  state: ViewState,
  /** The user who saved it; only they rename, share, change or delete it. */
  ownerLabel: Type.String(),
  mine: Type.Boolean(),
  /** null: private. */
  sharing: Nullable(ViewSharing),
  /** The branch's name when shared with a branch, for the menu. */
  branchLabel: Nullable(Type.String()),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type SavedView = Static<typeof SavedView>;

export const SavedViewList = Type.Object({
  /** The user's own views first, then those shared with them; by name within each. */
  views: List(SavedView),
  /** The view the list opens with when its URL carries nothing; null: the declaration's. */
  defaultViewId: Nullable(Uuid),
  /** The user may share views of this entity (they may edit it). */
  canShare: Type.Boolean(),
});
export type SavedViewList = Static<typeof SavedViewList>;

const EntityQuery = Type.Object({ entity: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
const ViewName = Type.String({ maxLength: 1000 });

export const savedViewsApi = {
  /** `GET /savedViews?entity=…`: the user's views of the list and those shared with them. */
  list: operation({
    method: 'GET',
    url: '/savedViews',
    schema: { querystring: EntityQuery, response: { 200: SavedViewList } },
  }),
  /** `POST /savedViews`: save the list's view under a new name. */
  create: operation({
    method: 'POST',
    url: '/savedViews',
    schema: {
      body: Type.Object(
        {
          entity: Type.String({ maxLength: 100 }),
          name: ViewName,
          state: ViewState,
          sharing: Nullable(ViewSharing),
        },
        { additionalProperties: false },
      ),
      response: { 201: SavedView },
    },
  }),
  /** `PUT /savedViews/:id`: rename, share or unshare, or store the current state (the owner only). */
  update: operation({
    method: 'PUT',
    url: '/savedViews/:id',
    schema: {
      params: IdParams,
      body: Type.Object(
        {
          name: Type.Optional(ViewName),
          state: Type.Optional(ViewState),
          sharing: Type.Optional(Nullable(ViewSharing)),
        },
        { additionalProperties: false },
      ),
      response: { 200: SavedView },
    },
  }),
  /** `DELETE /savedViews/:id` (the owner only). */
  remove: operation({
    method: 'DELETE',
    url: '/savedViews/:id',
    schema: { params: IdParams, response: { 204: NoContent } },
  }),
  /** `PUT /savedViews/default`: the view a list opens with for this user (null: none). */
  setDefault: operation({
    method: 'PUT',
    url: '/savedViews/default',
    schema: {
      body: Type.Object(
        { entity: Type.String({ maxLength: 100 }), viewId: Nullable(Uuid) },
        { additionalProperties: false },
      ),
      response: { 200: Type.Object({ entity: Type.String(), defaultViewId: Nullable(Uuid) }) },
    },
  }),
};
