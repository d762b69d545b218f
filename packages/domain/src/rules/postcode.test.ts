import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isThaiPostcode,
  type PostcodePlace,
  placesOfPostcode,
  postcodeDigits,
  postcodePlaceLabel,
  postcodeProblem,
} from './postcode.ts';

/** The project's Thai geography (the seed's, MIT): every sub-district with its postcode. */
function thaiPlaces(): PostcodePlace[] {
  const dir = new URL('../../../../apps/server/src/seed/geodata/', import.meta.url);
  const rows = (file: string) =>
    readFileSync(new URL(file, dir), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
  const provinces = new Map(rows('provinces.csv').map((r) => [r[0]!, r]));
  const districts = new Map(rows('districts.csv').map((r) => [r[0]!, r]));
  return rows('sub_districts.csv').map((r) => {
    const district = districts.get(r[1]!)!;
    return {
      id: r[0]!,
      postcode: r[8]!,
      subDistrict: r[4]!,
      districtId: district[0]!,
      district: district[4]!,
      provinceId: district[1]!,
      // PROVINCE_THAI is the third column.
      province: provinces.get(district[1]!)![2]!,
    };
  });
}

describe('postcode first (issue 22 item 8)', () => {
  it('reads digits as typed on either keyboard, ignoring spaces and dashes, five at most', () => {
    expect(postcodeDigits('10110')).toBe('10110');
    expect(postcodeDigits('๑๐๑๑๐')).toBe('10110');
    expect(postcodeDigits(' 10-11 0 ')).toBe('10110');
    expect(postcodeDigits('101101')).toBe('10110');
    expect(postcodeDigits('ABC')).toBe('');
  });

  it('knows a Thai postcode by its province prefix 10–96, and says so only once five digits are in', () => {
    expect(isThaiPostcode('10110')).toBe(true);
    expect(isThaiPostcode('96000')).toBe(true);
    expect(isThaiPostcode('09999')).toBe(false);
    expect(isThaiPostcode('97000')).toBe(false);
    expect(isThaiPostcode('1011')).toBe(false);
    expect(postcodeProblem('1011')).toBeNull();
    expect(postcodeProblem('10110')).toBeNull();
    expect(postcodeProblem('99999')).toMatch(/รหัสไปรษณีย์ไม่ถูกต้อง/);
  });

  it('offers the six sub-districts of 10110 in the real geography, each with the district and province it brings', () => {
    const places = thaiPlaces();
    const offered = placesOfPostcode(places, '๑๐๑๑๐');
    // By district (คลองเตย, then วัฒนา), then by name in Thai order (ต before เต: leading vowels are not sorted first).
    expect(offered.map((p) => p.subDistrict)).toEqual([
      'คลองตัน',
      'คลองเตย',
      'พระโขนง',
      'คลองตันเหนือ',
      'คลองเตยเหนือ',
      'พระโขนงเหนือ',
    ]);
    expect(new Set(offered.map((p) => p.district))).toEqual(new Set(['คลองเตย', 'วัฒนา']));
    expect(new Set(offered.map((p) => p.province))).toEqual(new Set(['กรุงเทพมหานคร']));
    expect(postcodePlaceLabel(offered[0]!)).toBe('คลองตัน · คลองเตย · กรุงเทพมหานคร');
    // Every sub-district of the country is reachable by its postcode.
    for (const place of places.slice(0, 500))
      expect(placesOfPostcode(places, place.postcode)).toContain(place);
    expect(placesOfPostcode(places, '1011')).toEqual([]);
    expect(placesOfPostcode(places, '99999')).toEqual([]);
  });
});
