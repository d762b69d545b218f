import Type, { type Static } from 'typebox';
import { operation } from './common.ts';

/**
 * The company's settings (docs/documents.md "Dates"): what every branch's paper and customer
 * messages share, set by an administrator. Kept in the server's `app_setting` table.
 */
export const CompanySettings = Type.Object(
  {
    /** Years on printed documents and in customer messages in the Buddhist era (2569), as Thai business paper is. */
    buddhistEra: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type CompanySettings = Static<typeof CompanySettings>;

export const companySettingsMessages = {
  /** A save by anyone but an administrator (403). */
  adminOnly: 'การตั้งค่าของบริษัท (ปี พ.ศ. หรือ ค.ศ. ในเอกสารพิมพ์และข้อความถึงลูกค้า) เปลี่ยนได้เฉพาะผู้ดูแลระบบ',
} as const;

/** What a company that never changed its settings has: พ.ศ. on paper and in messages. */
export const defaultCompanySettings: CompanySettings = { buddhistEra: true };

export const companySettingsApi = {
  /** Any signed-in user may read them (the screens say what the paper will show). */
  read: operation({
    method: 'GET',
    url: '/settings/company',
    schema: { response: { 200: CompanySettings } },
  }),
  /** Administrators only. */
  save: operation({
    method: 'PUT',
    url: '/settings/company',
    schema: { body: CompanySettings, response: { 200: CompanySettings } },
  }),
};
