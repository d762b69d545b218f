import { describe, expect, it } from 'vitest';
import { roleLabel, rolePickerGroups } from './roleGroups.ts';
import { roleCatalogue } from './roles.ts';

describe('rolePickerGroups', () => {
  it('offers every role of the catalogue exactly once', () => {
    const offered = rolePickerGroups.flatMap((group) => group.roles.map((option) => option.role));
    expect(offered.sort()).toEqual([...roleCatalogue].sort());
  });

  it('labels groups by what they guard, in Thai or the names the spec keeps', () => {
    const byKey = new Map(rolePickerGroups.map((group) => [group.key, group]));
    expect(byKey.get('PROVINCE')?.label).toBe('จังหวัด');
    expect(byKey.get('DO_BOOKING')?.label).toBe('DO Booking');
    expect(byKey.get('SHIP_COND')?.label).toBe('Ship Cond');
    expect(byKey.get('APP_USER')?.roles.map((option) => option.label)).toEqual(['แก้ไข', 'ดู', 'รีเซ็ตรหัสผ่าน']);
    expect(rolePickerGroups[0]?.key).toBe('ADMIN');
  });

  it('names a role for people, and shows an unknown one as is', () => {
    expect(roleLabel('ROLE_PROVINCE_EDIT')).toBe('จังหวัด: แก้ไข');
    expect(roleLabel('ROLE_BOOKING_CHANGE_CALL_STATUS')).toBe('รายงานการจอง: เปลี่ยนสถานะการโทรนัด');
    expect(roleLabel('ROLE_LEGACY')).toBe('ROLE_LEGACY');
  });
});
