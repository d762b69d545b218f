import { describe, expect, it } from 'vitest';
import { DATE_LIMITS, LIMITS, PRODUCT_NAME, pageTitle, STORAGE_KEYS, UI_TEXT } from './constants.ts';

describe('spec §9 constants', () => {
  it('keeps the storage keys', () => {
    expect(Object.values(STORAGE_KEYS).sort()).toEqual(
      ['lms-auth-info', 'lms-auth-jwt', 'lms-auth-exp', 'lms-auth-redirect', 'lms-branch', 'lms-nav'].sort(),
    );
  });

  it('keeps every number of the spec', () => {
    expect(LIMITS).toEqual({
      queryCacheGcMs: 300000,
      queryRetryCount: 3,
      queryRetryDelayCapMs: 30000,
      downloadUrlRevokeMs: 40000,
      branchSwitchPauseMs: 200,
      fetchFailureStatus: 400,
      sessionChangedStatus: -1,
      numberDecimalsDefault: 2,
      listPageSizeDefault: 20,
      listPageSizeMax: 500,
      listExactCountLimit: 10_000,
      bulkActionMaxRows: 10_000,
      passwordMinLength: 8,
      passwordMaxLength: 128,
      tokenLifetimeMs: 3_600_000,
      sessionAbsoluteLimitMs: 43_200_000,
    });
    expect(DATE_LIMITS).toEqual({ minDate: '1900-01-01', maxDate: '2099-12-31', weekStartsOn: 0 });
  });

  it('names the product LMS and says the fixed words in Thai', () => {
    expect(PRODUCT_NAME).toBe('LMS');
    expect(UI_TEXT.uploadPlaceholder).toBe('คลิกปุ่มเพื่ออัปโหลด →');
    expect(UI_TEXT.loading).toBe('กำลังโหลด...');
  });

  it("titles a screen's page with its name first, and the app's name alone without one", () => {
    expect(pageTitle('วางแผนจัดรถ')).toBe('วางแผนจัดรถ · LMS');
    expect(pageTitle('เที่ยวรถวันนี้', 'LMS คนขับ')).toBe('เที่ยวรถวันนี้ · LMS คนขับ');
    expect(pageTitle(undefined)).toBe('LMS');
    expect(pageTitle('')).toBe('LMS');
  });
});
