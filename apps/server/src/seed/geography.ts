import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Executor } from '../db/database.ts';
import { parseCsv } from './csv.ts';
import { insertRecords } from './insertRecords.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'geodata');

/** Thailand's six geographic regions; a province's region follows its official two-digit code. */
export const regions = [
  { code: 'C', nameTh: 'ภาคกลาง', nameEn: 'Central' },
  { code: 'N', nameTh: 'ภาคเหนือ', nameEn: 'Northern' },
  { code: 'NE', nameTh: 'ภาคตะวันออกเฉียงเหนือ', nameEn: 'Northeastern' },
  { code: 'E', nameTh: 'ภาคตะวันออก', nameEn: 'Eastern' },
  { code: 'W', nameTh: 'ภาคตะวันตก', nameEn: 'Western' },
  { code: 'S', nameTh: 'ภาคใต้', nameEn: 'Southern' },
] as const;

export function regionOfProvince(code: number): (typeof regions)[number]['code'] {
  if (code >= 80) return 'S';
  if ([63, 70, 71, 76, 77].includes(code)) return 'W';
  if (code >= 72 && code <= 75) return 'C';
  if (code >= 50) return 'N';
  if (code >= 30) return 'NE';
  if (code >= 20) return 'E';
  return 'C';
}

export interface Geography {
  readonly subDistrictIdByCode: ReadonlyMap<string, string>;
  readonly subDistricts: readonly {
    id: string;
    code: string;
    provinceCode: string;
    lat: number | null;
    lon: number | null;
  }[];
}

/**
 * A coordinate of the geodata, or null when it has none: the file writes a missing one as ""
 * or as `None` (71 sub-districts), which `Number()` would turn into NaN.
 */
export function coordinate(text: string | undefined, limit: 90 | 180): number | null {
  const value = text?.trim() ? Number(text) : Number.NaN;
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

/** Regions, the 77 provinces, 928 districts and 7,436 sub-districts (MIT data in ./geodata). */
export async function seedGeography(db: Executor): Promise<Geography> {
  const load = async (file: string) => parseCsv(await readFile(path.join(dir, file), 'utf8'));
  const [provinces, districts, subDistricts] = await Promise.all([
    load('provinces.csv'),
    load('districts.csv'),
    load('sub_districts.csv'),
  ]);
  const regionIds = await insertRecords(
    db,
    'region',
    regions.map((r) => ({ ...r })),
  );
  const regionId = new Map(regions.map((r, i) => [r.code, regionIds[i]!]));

  const provinceIds = await insertRecords(
    db,
    'province',
    provinces.map((p) => ({
      code: p.CODE,
      nameTh: p.PROVINCE_THAI,
      nameEn: p.PROVINCE_ENGLISH,
      regionId: regionId.get(regionOfProvince(Number(p.CODE))),
    })),
  );
  const provinceById = new Map(
    provinces.map((p, i) => [p.PROVINCE_ID, { id: provinceIds[i]!, code: p.CODE! }]),
  );

  const districtIds = await insertRecords(
    db,
    'district',
    districts.map((d) => ({
      code: d.DISTRICT_CODE,
      nameTh: d.DISTRICT_THAI,
      nameEn: d.DISTRICT_ENGLISH,
      provinceId: provinceById.get(d.PROVINCE_ID!)?.id,
    })),
  );
  const districtById = new Map(
    districts.map((d, i) => [
      d.DISTRICT_ID,
      { id: districtIds[i]!, provinceCode: provinceById.get(d.PROVINCE_ID!)?.code ?? '' },
    ]),
  );

  const subIds = await insertRecords(
    db,
    'subDistrict',
    subDistricts.map((s) => ({
      code: s.SUB_DISTRICT_CODE,
      nameTh: s.SUB_DISTRICT_THAI,
      nameEn: s.SUB_DISTRICT_ENGLISH,
      postcode: s.POSTAL_CODE,
      lat: coordinate(s.LATITUDE, 90),
      lon: coordinate(s.LONGITUDE, 180),
      districtId: districtById.get(s.DISTRICT_ID!)?.id,
    })),
  );
  return {
    subDistrictIdByCode: new Map(subDistricts.map((s, i) => [s.SUB_DISTRICT_CODE!, subIds[i]!])),
    subDistricts: subDistricts.map((s, i) => ({
      id: subIds[i]!,
      code: s.SUB_DISTRICT_CODE!,
      provinceCode: districtById.get(s.DISTRICT_ID!)?.provinceCode ?? '',
      lat: coordinate(s.LATITUDE, 90),
      lon: coordinate(s.LONGITUDE, 180),
    })),
  };
}
