import { ROLE_ADMIN } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();

describe('options for a search term', () => {
  it('lists keys that start with the term first, in key order, then the other matches', async () => {
    const token = await signIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }));
    await insertRecords(server.db, 'customer', [
      { code: 'ZQB1', name: 'ลูกค้ามีคำในรหัส' },
      { code: 'QB2', name: 'ลูกค้าขึ้นต้น' },
      { code: 'qb1', name: 'ลูกค้าตัวเล็ก' },
      { code: 'K9', name: 'ลูกค้าชื่อจริง', firstName: 'xQBx' },
      { code: 'M1', name: 'ลูกค้าไม่ตรง' },
    ]);
    const options = async (size: number) =>
      (await call(server.api, 'GET', `/customer/options?searchTerm=qb&size=${size}`, { token })).body as {
        label: string;
      }[];
    // Before, the list's order (by code: K9, QB2, ZQB1, qb1); the same matches either way.
    expect((await options(10)).map((o) => o.label.split(':')[0])).toEqual(['QB2', 'qb1', 'K9', 'ZQB1']);
    expect((await options(2)).map((o) => o.label.split(':')[0])).toEqual(['QB2', 'qb1']);
    const list = await call(server.api, 'GET', '/customer?searchTerm=qb&size=50', { token });
    expect(list.body.items.map((r: { code: string }) => r.code).sort()).toEqual(['K9', 'QB2', 'ZQB1', 'qb1']);
    // `%` and `_` are searched for, in the prefix part too.
    expect(
      (await call(server.api, 'GET', '/customer/options?searchTerm=q_&size=10', { token })).body,
    ).toEqual([]);
  });
});
