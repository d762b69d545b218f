import { type EntityDef, entities, filtersFor, ROLE_ADMIN, sortableFields } from '@lms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedAsTable } from '../src/entities/naming.ts';
import { createReferences, sampleBody } from './entityFactory.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();
const writable = entities.filter((e) => storedAsTable(e) && !e.readOnlyEntity);
let token = '';
let branchId = '';

beforeAll(async () => {
  branchId = await createBranch(server.db, 'HQ', 'สำนักงานใหญ่');
  token = await signIn(
    server.api,
    await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId] }),
  );
});

const scope = (entity: EntityDef, extra = '') => {
  const params = [entity.branchOwned ? `branchId=${branchId}` : '', extra].filter(Boolean).join('&');
  return params ? `?${params}` : '';
};

describe.each(writable.map((e) => [e.name, e] as const))('%s', (_name, entity) => {
  let refIds: Record<string, string> = {};
  let created: Record<string, unknown> = {};
  const api = (method: string, path: string, body?: unknown, query = '') =>
    call(server.api, method, `/${entity.name}${path}${scope(entity, query)}`, { token, body });

  beforeAll(async () => {
    refIds = await createReferences(server.api, token, entity, branchId);
  });

  it('creates, gets with reference labels, and lists by every kind of filter', async () => {
    const response = await api('POST', '', sampleBody(entity, refIds));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    created = response.body;
    expect(created.version).toBe(1);

    const got = await api('GET', `/${created.id}`);
    expect(got.status).toBe(200);
    for (const field of entity.fields.filter(
      (f) => f.type === 'ref' && created[f.name] && f.ref !== 'file',
    )) {
      expect(got.body[`${field.name.replace(/Id$/, '')}Label`], field.name).toEqual(expect.any(String));
    }

    const byId = await api('GET', '', undefined, `ids=${created.id}`);
    expect(byId.body.items.map((r: { id: string }) => r.id)).toEqual([created.id]);
    const excluded = await api('GET', '', undefined, `excludeIds=${created.id}`);
    expect(excluded.body.items.map((r: { id: string }) => r.id)).not.toContain(created.id);

    for (const filter of filtersFor(entity)) {
      const searched = entity.fields.find((f) => f.searchable && typeof created[f.name] === 'string');
      const value =
        filter.kind === 'search'
          ? searched
            ? created[searched.name]
            : null
          : filter.kind === 'empty'
            ? String(created[filter.field] == null)
            : created[filter.field];
      if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
      if (filter.kind === 'ids' || filter.kind === 'excludeIds' || filter.kind === 'refNotIn') continue;
      const text = Array.isArray(value) ? String(value[0]) : String(value);
      const list = await api('GET', '', undefined, `${filter.param}=${encodeURIComponent(text)}`);
      expect(list.status, `${filter.param}: ${JSON.stringify(list.body)}`).toBe(200);
      expect(
        list.body.items.map((r: { id: string }) => r.id),
        filter.param,
      ).toContain(created.id);
    }
  });

  it('sorts by every sortable field both ways and pages', async () => {
    for (const field of sortableFields(entity)) {
      for (const dir of ['asc', 'desc']) {
        const list = await api('GET', '', undefined, `sort=${field.name},${dir}&size=5&page=0`);
        expect(list.status, `${field.name} ${dir}: ${JSON.stringify(list.body)}`).toBe(200);
        expect(list.body.size).toBe(5);
      }
    }
  });

  it('rejects unknown parameters with 400 and bad bodies with 422, in Thai', async () => {
    const unknown = await api('GET', '', undefined, 'noSuchFilter=1');
    expect(unknown.status).toBe(400);
    expect(unknown.body.messages.join()).toContain('noSuchFilter');
    const required = entity.fields.filter((f) => f.required && !f.readOnly);
    if (required.length) {
      const invalid = await api('POST', '', {});
      expect(invalid.status).toBe(422);
      for (const field of required)
        expect(invalid.body.errors[field.name], field.name).toMatch(/[\u0E00-\u0E7F]/);
    }
  });

  it('updates with the current version, refuses a stale one, and keeps the history', async () => {
    const body = { ...sampleBody(entity, refIds), version: created.version };
    const updated = await api('PUT', `/${created.id}`, body);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.version).toBe(2);
    const stale = await api('PUT', `/${created.id}`, body);
    expect(stale.status).toBe(409);
    const history = await api('GET', `/${created.id}/history`);
    expect(history.body.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
  });

  it('exports the filtered list as .xlsx', async () => {
    const response = await fetch(`${server.api}/${entity.name}/export${scope(entity, `ids=${created.id}`)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]); // a zip, as every .xlsx is
  });

  it('deletes, and then the record is gone', async () => {
    expect((await api('DELETE', `/${created.id}`)).status).toBe(204);
    expect((await api('GET', `/${created.id}`)).status).toBe(404);
  });
});

describe('referenced records', () => {
  it('cannot be deleted while something still refers to them (409 naming it)', async () => {
    const vehicle = entities.find((e) => e.name === 'vehicle')!;
    const refIds = await createReferences(server.api, token, vehicle, branchId);
    const created = await call(server.api, 'POST', `/vehicle?branchId=${branchId}`, {
      token,
      body: sampleBody(vehicle, refIds),
    });
    expect(created.status).toBe(201);
    const refused = await call(server.api, 'DELETE', `/vehicleType/${refIds.vehicleType}`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.messages[0]).toContain('ยานพาหนะ');
  });
});

describe('every entity with generic routes', () => {
  it('answers its first page, options and export to an admin (read-only and view-backed ones too)', async () => {
    for (const entity of entities.filter((e) => e.name !== 'file')) {
      const list = await call(server.api, 'GET', `/${entity.name}${scope(entity)}`, { token });
      expect(list.status, `${entity.name}: ${JSON.stringify(list.body)}`).toBe(200);
      expect(list.body).toMatchObject({ page: 0, size: 20, total: expect.any(Number) });
      const options = await call(server.api, 'GET', `/${entity.name}/options${scope(entity)}`, { token });
      expect(options.status, entity.name).toBe(200);
    }
  });
});

describe('derived geography', () => {
  it('fills a district’s region and a sub-district’s province and region from their parents', async () => {
    const region = await call(server.api, 'POST', '/region', {
      token,
      body: { code: 'R9', nameTh: 'ภาคทดสอบ' },
    });
    const province = await call(server.api, 'POST', '/province', {
      token,
      body: { code: 'P9', nameTh: 'จังหวัดทดสอบ', regionId: region.body.id },
    });
    const district = await call(server.api, 'POST', '/district', {
      token,
      body: { code: 'D9', nameTh: 'อำเภอทดสอบ', provinceId: province.body.id },
    });
    expect(district.body).toMatchObject({ regionId: region.body.id, regionLabel: 'R9: ภาคทดสอบ' });
    const sub = await call(server.api, 'POST', '/subDistrict', {
      token,
      body: { code: 'S9', nameTh: 'ตำบลทดสอบ', districtId: district.body.id, postcode: '10200' },
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    expect(sub.body).toMatchObject({ provinceId: province.body.id, regionId: region.body.id });
  });
});
