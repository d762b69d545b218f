import { defineEntity } from './define.ts';
import {
  booleanField,
  createdAtField,
  createdByField,
  integerField,
  nameField,
  refsField,
  sortBy,
  stringField,
  textField,
} from './fields.ts';
import { entityHeads } from './heads.ts';

/** Users, permission groups and stored files. */

export const appUser = defineEntity({
  ...entityHeads.appUser,
  fields: [
    stringField('username', 'ชื่อผู้ใช้', {
      required: true,
      unique: true,
      searchable: true,
      maxLength: 100,
      typeNote: 'ไม่ซ้ำโดยไม่สนตัวพิมพ์เล็ก/ใหญ่ (product.md)',
    }),
    stringField('fullName', 'ชื่อ-นามสกุล', { required: true, searchable: true }),
    stringField('email', 'อีเมล', { searchable: true, format: 'email' }),
    { name: 'profileImageId', type: 'image', label: 'รูปโปรไฟล์', hiddenInList: true },
    booleanField('active', 'ใช้งาน'),
    refsField('branchIds', 'สาขาที่ใช้งานได้', 'branch', { hiddenInList: true }),
    refsField('roleGroupIds', 'กลุ่มสิทธิ์', 'appRoleGroup'),
    booleanField('mustChangePassword', 'ต้องเปลี่ยนรหัสผ่าน', {
      readOnly: true,
      hiddenInList: true,
      typeNote: 'ตั้งโดยเซิร์ฟเวอร์เมื่อสร้างผู้ใช้หรือรีเซ็ตรหัสผ่าน',
    }),
    booleanField('buddhistEra', 'แสดงปีเป็น พ.ศ.', {
      hiddenInList: true,
      typeNote:
        'การตั้งค่าของผู้ใช้เอง: วันที่บนหน้าจอใช้ปี พ.ศ. (ปิด = ค.ศ.) ส่วนเอกสารพิมพ์และข้อความถึงลูกค้าใช้การตั้งค่าของบริษัท (ค่าเริ่มต้น พ.ศ.)',
    }),
  ],
  listColumns: ['username', 'fullName', 'email', 'roleGroupIds', 'active'],
  defaultSort: [sortBy('username')],
  labelFields: ['username', 'fullName'],
  // A reset's entry says that it happened, never the password (users/appUser.ts).
  historyNotes: { password: { label: 'รหัสผ่าน' } },
});

export const appRoleGroup = defineEntity({
  ...entityHeads.appRoleGroup,
  fields: [
    nameField({ unique: true }),
    {
      name: 'roles',
      type: 'roles',
      label: 'สิทธิ์',
      required: true,
      typeNote: 'รายการชื่อสิทธิ์จากแค็ตตาล็อกของสเปก §6',
      hiddenInList: true,
    },
    textField('description', 'คำอธิบาย'),
  ],
  listColumns: ['name', 'description'],
  defaultSort: [sortBy('name')],
  labelFields: ['name'],
});

export const file = defineEntity({
  ...entityHeads.file,
  fields: [
    stringField('origName', 'ชื่อไฟล์', { required: true, searchable: true }),
    stringField('contentType', 'ชนิดไฟล์', {
      readOnly: true,
      maxLength: 100,
      typeNote: 'MIME type ที่เซิร์ฟเวอร์ตรวจจากเนื้อไฟล์',
    }),
    integerField('size', 'ขนาด (ไบต์)', { readOnly: true, min: 0, typeNote: 'จำนวนไบต์ เป็นจำนวนเต็ม' }),
    createdByField(),
    createdAtField(),
  ],
  listColumns: ['origName', 'contentType', 'size', 'createdAt'],
  defaultSort: [sortBy('createdAt', 'desc')],
  labelFields: ['origName'],
  storage: 'files',
});
