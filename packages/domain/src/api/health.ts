import Type from 'typebox';
import { operation } from './common.ts';

export const healthApi = {
  /** Public, for load balancers and the start page. */
  health: operation({
    method: 'GET',
    url: '/health',
    schema: {
      response: {
        200: Type.Object({
          status: Type.Literal('ok'),
          database: Type.Object({ version: Type.String(), migration: Type.String() }),
        }),
        /** The database is unreachable (with `Retry-After`); 200 again as soon as it is back. */
        503: Type.Object({ status: Type.Literal('unavailable'), messages: Type.Array(Type.String()) }),
      },
    },
  }),
};
