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

/**
 * The maps' tiles (docs/operations.md "Map tiles"): an outside service, so off unless the
 * deployment names one (LMS_MAP_TILES). Without tiles the maps draw their routes and trucks on a
 * plain background; nothing leaves the machine.
 */
export const MapTiles = Type.Object(
  {
    /** A `{z}/{x}/{y}` tile URL template, or null: no tiles. */
    tileUrlTemplate: Type.Union([Type.String(), Type.Null()]),
    /** The credit the tiles' licence asks for, shown on the map with them. */
    attribution: Type.String(),
  },
  { additionalProperties: false },
);
export type MapTiles = Static<typeof MapTiles>;

/** OpenStreetMap's licence asks for this credit wherever its tiles (or tiles drawn from its data) show. */
export const OSM_ATTRIBUTION = '© ผู้ร่วมพัฒนา OpenStreetMap';

export const mapTilesApi = {
  /** Any signed-in user: the maps ask before they draw. */
  read: operation({
    method: 'GET',
    url: '/settings/mapTiles',
    schema: { response: { 200: MapTiles } },
  }),
};

/**
 * Whether the customers' messages have a way out (docs/contact.md): LINE, SMS or the log channel.
 * Off unless the deployment configures one; the screens ask so they can say so before a planner
 * presses "send", instead of after (the resend's 409 `resendMessages.off` stays the rule).
 */
export const ContactChannel = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export type ContactChannel = Static<typeof ContactChannel>;

export const contactChannelApi = {
  /** Any signed-in user: the booking's actions ask before they offer "send again". */
  read: operation({
    method: 'GET',
    url: '/settings/contactChannel',
    schema: { response: { 200: ContactChannel } },
  }),
};
