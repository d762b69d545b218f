/**
 * Address entry by postcode first (issue 22 item 8): the user types the five digits they know by
 * heart, picks the sub-district among the few that share it, and district and province follow.
 */

/** Digits as typed on a Thai keyboard (๐–๙) or a Latin one; anything else (spaces, dashes) dropped. */
export function postcodeDigits(typed: string): string {
  return typed
    .replace(/[\u0E50-\u0E59]/g, (digit) => String(digit.charCodeAt(0) - 0x0e50))
    .replace(/\D/g, '')
    .slice(0, 5);
}

/** Thai postcodes: five digits, the first two a province's (10 Bangkok … 96 Narathiwat). */
export function isThaiPostcode(code: string): boolean {
  const match = /^(\d{2})\d{3}$/.exec(code);
  return match !== null && Number(match[1]) >= 10 && Number(match[1]) <= 96;
}

/** What to tell the user about what they typed: null while it may still become a postcode. */
export function postcodeProblem(typed: string): string | null {
  const code = postcodeDigits(typed);
  if (code.length < 5) return null;
  return isThaiPostcode(code) ? null : 'รหัสไปรษณีย์ไม่ถูกต้อง (5 หลัก ขึ้นต้นด้วย 10–96)';
}

/** A sub-district as the postcode offers it, with the district and province it brings. */
export interface PostcodePlace {
  readonly id: string;
  readonly postcode: string;
  readonly subDistrict: string;
  readonly districtId: string | null;
  readonly district: string;
  readonly provinceId: string | null;
  readonly province: string;
}

/** The places of a postcode among `places`, by district then sub-district name (Thai order). */
export function placesOfPostcode(places: readonly PostcodePlace[], typed: string): PostcodePlace[] {
  const code = postcodeDigits(typed);
  if (!isThaiPostcode(code)) return [];
  const thai = new Intl.Collator('th');
  return places
    .filter((place) => place.postcode === code)
    .sort((a, b) => thai.compare(a.district, b.district) || thai.compare(a.subDistrict, b.subDistrict));
}

/** `คลองตัน · เขตคลองเตย · กรุงเทพมหานคร`: a choice says where it is, not only its name. */
export function postcodePlaceLabel(place: PostcodePlace): string {
  return [place.subDistrict, place.district, place.province].filter((part) => part !== '').join(' · ');
}
