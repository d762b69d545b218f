import { editRoleOf, province, readRoleOf, SAVED_VIEW, type ViewState } from '@lms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/** Saved views (issue 22 item 4): who sees a view, who may share it, the default, and bad input. */
const server = setupTestServer();
const READ = readRoleOf(province.permission);
const EDIT = editRoleOf(province.permission);
let branchA = '';
let branchB = '';
const tokens: Record<string, string> = {};

const state = (overrides: Partial<ViewState> = {}): ViewState => ({
  filters: { codeEq: '10' },
  searchTerm: 'กรุง',
  sort: [{ field: 'nameTh', direction: 'desc' }],
  columns: [
    { key: 'nameTh', width: 240, pinned: true },
    { key: 'code', hidden: true },
  ],
  pageSize: 50,
  ...overrides,
});

const api = (who: string | undefined, method: string, path: string, body?: unknown) =>
  call(server.api, method, path, { token: who ? tokens[who] : undefined, body });

async function save(who: string, name: string, sharing: unknown = null, overrides: Partial<ViewState> = {}) {
  const response = await api(who, 'POST', '/savedViews', {
    entity: 'province',
    name,
    state: state(overrides),
    sharing,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

/** The names of the views `who` sees on the province list. */
async function seen(who: string): Promise<string[]> {
  const response = await api(who, 'GET', '/savedViews?entity=province');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.views.map((view: { name: string }) => view.name);
}

beforeAll(async () => {
  branchA = await createBranch(server.db);
  branchB = await createBranch(server.db);
  const user = async (roles: string[], branchIds: string[]) =>
    signIn(server.api, await createUser(server.db, { roles, branchIds }));
  tokens.editorA = await user([EDIT], [branchA]);
  tokens.editorA2 = await user([EDIT], [branchA]);
  tokens.editorB = await user([EDIT], [branchB]);
  tokens.readerA = await user([READ], [branchA]);
  tokens.readerB = await user([READ], [branchB]);
  tokens.noRole = await user([], [branchA]);
});

describe('saved views: access', () => {
  it('needs a session (401) and the list’s read right (403, in Thai)', async () => {
    expect((await api(undefined, 'GET', '/savedViews?entity=province')).status).toBe(401);
    const refused = await api('noRole', 'GET', '/savedViews?entity=province');
    expect(refused.status).toBe(403);
    expect(refused.body.messages[0]).toMatch(/สิทธิ์/);
    const create = await api('noRole', 'POST', '/savedViews', {
      entity: 'province',
      name: 'ของฉัน',
      state: state(),
      sharing: null,
    });
    expect(create.status).toBe(403);
  });

  it('answers 404 for a list that does not exist', async () => {
    const response = await api('editorA', 'GET', '/savedViews?entity=noSuchThing');
    expect(response.status).toBe(404);
    expect(response.body.messages).toEqual(['ไม่พบรายการที่ต้องการ']);
  });
});

describe('saved views: private and shared', () => {
  it('keeps a private view to its owner: others neither list, read, change, delete nor default to it', async () => {
    const id = await save('editorA', 'ส่วนตัวของเอ');
    expect(await seen('editorA')).toContain('ส่วนตัวของเอ');
    const own = await api('editorA', 'GET', '/savedViews?entity=province');
    const view = own.body.views.find((v: { id: string }) => v.id === id);
    expect(view).toMatchObject({ mine: true, sharing: null, state: state(), entity: 'province' });
    for (const other of ['editorA2', 'readerA', 'readerB']) {
      expect(await seen(other)).not.toContain('ส่วนตัวของเอ');
      expect((await api(other, 'PUT', `/savedViews/${id}`, { name: 'ขโมย' })).status).toBe(404);
      expect((await api(other, 'DELETE', `/savedViews/${id}`)).status).toBe(404);
      const asDefault = await api(other, 'PUT', '/savedViews/default', { entity: 'province', viewId: id });
      expect(asDefault.status).toBe(404);
      expect(asDefault.body.messages).toEqual(['ไม่พบมุมมองที่ต้องการ']);
    }
  });

  it('shows a view shared with a branch to that branch’s users only; only the owner changes it', async () => {
    const id = await save('editorA', 'แชร์สาขาเอ', { branchId: branchA, role: null });
    expect(await seen('readerA')).toContain('แชร์สาขาเอ');
    expect(await seen('editorA2')).toContain('แชร์สาขาเอ');
    expect(await seen('readerB')).not.toContain('แชร์สาขาเอ');
    expect(await seen('editorB')).not.toContain('แชร์สาขาเอ');
    const listed = await api('readerA', 'GET', '/savedViews?entity=province');
    expect(listed.body.views.find((v: { id: string }) => v.id === id)).toMatchObject({
      mine: false,
      sharing: { branchId: branchA, role: null },
      branchLabel: expect.any(String),
    });
    const rename = await api('readerA', 'PUT', `/savedViews/${id}`, { name: 'ของฉันแล้ว' });
    expect(rename.status).toBe(403);
    expect(rename.body.messages).toEqual(['แก้ไขหรือลบได้เฉพาะมุมมองที่ตนเองบันทึกไว้']);
    expect((await api('editorA2', 'DELETE', `/savedViews/${id}`)).status).toBe(403);
    // Unshared by its owner, it is private again.
    const unshare = await api('editorA', 'PUT', `/savedViews/${id}`, { sharing: null });
    expect(unshare.status).toBe(200);
    expect(unshare.body.sharing).toBeNull();
    expect(await seen('readerA')).not.toContain('แชร์สาขาเอ');
  });

  it('shows a view shared with a role to that role’s holders only, in any branch', async () => {
    await save('editorA', 'แชร์ผู้อ่าน', { branchId: null, role: READ });
    expect(await seen('readerA')).toContain('แชร์ผู้อ่าน');
    expect(await seen('readerB')).toContain('แชร์ผู้อ่าน');
    expect(await seen('editorA2')).not.toContain('แชร์ผู้อ่าน');
    expect(await seen('editorB')).not.toContain('แชร์ผู้อ่าน');
  });

  it('with a branch and a role, shows it to those who are both', async () => {
    await save('editorA', 'สาขาเอและผู้อ่าน', { branchId: branchA, role: READ });
    expect(await seen('readerA')).toContain('สาขาเอและผู้อ่าน');
    expect(await seen('readerB')).not.toContain('สาขาเอและผู้อ่าน');
    expect(await seen('editorA2')).not.toContain('สาขาเอและผู้อ่าน');
  });

  it('lets only users who may edit the entity share, and only with their own branches and known roles', async () => {
    const byReader = await api('readerA', 'POST', '/savedViews', {
      entity: 'province',
      name: 'ผู้อ่านแชร์',
      state: state(),
      sharing: { branchId: branchA, role: null },
    });
    expect(byReader.status).toBe(403);
    expect(byReader.body.messages).toEqual([`แชร์มุมมองได้เฉพาะผู้มีสิทธิ์แก้ไข ${province.title}`]);
    // Kept private, the reader's view is fine; sharing it later is refused the same way.
    const id = await save('readerA', 'ผู้อ่านเก็บไว้');
    const later = await api('readerA', 'PUT', `/savedViews/${id}`, {
      sharing: { branchId: null, role: READ },
    });
    expect(later.status).toBe(403);
    const listed = await api('readerA', 'GET', '/savedViews?entity=province');
    expect(listed.body.canShare).toBe(false);
    expect((await api('editorA', 'GET', '/savedViews?entity=province')).body.canShare).toBe(true);

    const otherBranch = await api('editorA', 'POST', '/savedViews', {
      entity: 'province',
      name: 'สาขาอื่น',
      state: state(),
      sharing: { branchId: branchB, role: null },
    });
    expect(otherBranch.status).toBe(403);
    expect(otherBranch.body.messages).toEqual(['แชร์ได้เฉพาะกับสาขาที่คุณมีสิทธิ์']);
    const unknownRole = await api('editorA', 'POST', '/savedViews', {
      entity: 'province',
      name: 'บทบาทแปลก',
      state: state(),
      sharing: { branchId: null, role: 'ROLE_NOPE' },
    });
    expect(unknownRole.status).toBe(422);
    expect(unknownRole.body.errors.sharing).toBe('ไม่มีบทบาท "ROLE_NOPE"');
    const nobody = await api('editorA', 'POST', '/savedViews', {
      entity: 'province',
      name: 'แชร์ใครก็ไม่รู้',
      state: state(),
      sharing: { branchId: null, role: null },
    });
    expect(nobody.status).toBe(422);
    expect(nobody.body.errors.sharing).toBe('กรุณาเลือกสาขาหรือบทบาทที่จะแชร์อย่างน้อยหนึ่งอย่าง');
  });
});

describe('saved views: the default per user', () => {
  it('is each user’s own, follows what they may see, and goes with the view', async () => {
    const shared = await save('editorA', 'ค่าเริ่มต้นร่วม', { branchId: branchA, role: null });
    const own = await save('readerA', 'ค่าเริ่มต้นของผู้อ่าน');
    const setShared = await api('readerA', 'PUT', '/savedViews/default', {
      entity: 'province',
      viewId: shared,
    });
    expect(setShared.status, JSON.stringify(setShared.body)).toBe(200);
    expect(setShared.body).toEqual({ entity: 'province', defaultViewId: shared });
    const defaultOf = async (who: string) =>
      (await api(who, 'GET', '/savedViews?entity=province')).body.defaultViewId;
    expect(await defaultOf('readerA')).toBe(shared);
    expect(await defaultOf('editorA')).toBeNull();
    expect(await defaultOf('editorA2')).toBeNull();

    // Another view replaces it (one default per user per list); null clears it.
    await api('readerA', 'PUT', '/savedViews/default', { entity: 'province', viewId: own });
    expect(await defaultOf('readerA')).toBe(own);
    await api('readerA', 'PUT', '/savedViews/default', { entity: 'province', viewId: shared });
    // Unshared, the view is no longer the reader's to open.
    await api('editorA', 'PUT', `/savedViews/${shared}`, { sharing: null });
    expect(await defaultOf('readerA')).toBeNull();
    await api('readerA', 'PUT', '/savedViews/default', { entity: 'province', viewId: own });
    expect((await api('readerA', 'DELETE', `/savedViews/${own}`)).status).toBe(204);
    expect(await defaultOf('readerA')).toBeNull();
    const cleared = await api('readerA', 'PUT', '/savedViews/default', { entity: 'province', viewId: null });
    expect(cleared.body.defaultViewId).toBeNull();
  });

  it('refuses a view of another list as the default', async () => {
    const id = await save('editorA', 'ของจังหวัด');
    const response = await api('editorA', 'PUT', '/savedViews/default', { entity: 'district', viewId: id });
    expect(response.status).toBe(403); // the province editor may not read districts
  });
});

describe('saved views: bad input', () => {
  const create = (name: string, overrides: Partial<ViewState> = {}) =>
    api('editorA', 'POST', '/savedViews', {
      entity: 'province',
      name,
      state: state(overrides),
      sharing: null,
    });

  it('refuses columns, filters and sorts the list does not have (422, in Thai)', async () => {
    const column = await create('คอลัมน์แปลก', { columns: [{ key: 'passwordHash' }] });
    expect(column.status).toBe(422);
    expect(column.body.errors['state.columns']).toBe('ไม่มีคอลัมน์ "passwordHash" ในรายการนี้');
    const filter = await create('ตัวกรองแปลก', { filters: { dropTable: 'x' } });
    expect(filter.status).toBe(422);
    expect(filter.body.errors['state.filters']).toBe('ไม่มีตัวกรอง "dropTable" ในรายการนี้');
    const sort = await create('เรียงแปลก', { sort: [{ field: 'nope', direction: 'asc' }] });
    expect(sort.status).toBe(422);
    expect(sort.body.errors['state.sort']).toBe('เรียงตาม "nope" ไม่ได้ในรายการนี้');
    const width = await create('กว้างเกิน', { columns: [{ key: 'nameTh', width: 5000 }] });
    expect(width.status).toBe(422);
    const size = await create('แถวเยอะ', { pageSize: SAVED_VIEW.maxPageSize + 1 });
    expect(size.status).toBe(422);
    expect(size.body.errors['state.pageSize']).toBe('จำนวนแถวต่อหน้าต้องอยู่ระหว่าง 1–500');
  });

  it('refuses an empty or too long name (422) and a second view of the same name (409)', async () => {
    const long = await create('ก'.repeat(SAVED_VIEW.nameMaxLength + 1));
    expect(long.status).toBe(422);
    expect(long.body.errors.name).toBe('ชื่อมุมมองยาวได้ไม่เกิน 60 ตัวอักษร');
    expect((await create('ก'.repeat(SAVED_VIEW.nameMaxLength))).status).toBe(201);
    const blank = await create('   ');
    expect(blank.status).toBe(422);
    expect(blank.body.errors.name).toBe('กรุณาตั้งชื่อมุมมอง');

    await save('editorA', 'Daily งานเช้า');
    const again = await create('daily งานเช้า ');
    expect(again.status).toBe(409);
    expect(again.body.messages).toEqual(['มีมุมมองชื่อ "daily งานเช้า" อยู่แล้ว กรุณาใช้ชื่ออื่น']);
    // Another user may use the same name: names are per owner.
    await save('editorA2', 'Daily งานเช้า');
    const other = await save('editorA', 'งานบ่าย');
    const rename = await api('editorA', 'PUT', `/savedViews/${other}`, { name: 'DAILY งานเช้า' });
    expect(rename.status).toBe(409);
  });

  it('refuses a malformed body or id with a Thai 400, never a 500', async () => {
    const badState = await api('editorA', 'POST', '/savedViews', {
      entity: 'province',
      name: 'ผิดรูป',
      state: { ...state(), pageSize: 'มาก' },
      sharing: null,
    });
    expect(badState.status).toBe(400);
    expect(badState.body.messages.join(' ')).toMatch(/[ก-๙]/);
    const badId = await api('editorA', 'PUT', '/savedViews/not-a-uuid', { name: 'x' });
    expect(badId.status).toBe(400);
  });
});
