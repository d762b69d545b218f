import { describe, expect, it } from 'vitest';
import { DATE_LIMITS, LIMITS, PRODUCT_NAME, STORAGE_KEYS, UI_TEXT } from './constants.ts';

describe('spec §9 constants', () => {
  it('keeps the storage keys', () => {
    expect(Object.values(STORAGE_KEYS).sort()).toEqual(
      ['lms-auth-info', 'lms-auth-jwt', 'lms-auth-exp', 'lms-auth-redirect', 'lms-branch', 'lms-nav'].sort(),
    );
  });

  it('keeps every number of the spec', () => {
    expect(LIMITS).toMatchObject({
      queryCacheGcMs: 300000,
      queryRetryCount: 3,
      queryRetryDelayCapMs: 30000,
      downloadUrlRevokeMs: 40000,
      snackbarDefaultMs: 5000,
      snackbarOneTimeErrorMs: 6000,
      snackbarMaxStackSmall: 3,
      snackbarMaxStackLarge: 12,
      toastMax: 20,
      toastErrorMs: 4000,
      toastSuccessMs: 2000,
      repeatedErrorDelayMs: 2000,
      drawerWidth: 240,
      drawerCollapsedSpacing: 9,
      menuStateDebounceMs: 1000,
      branchSwitchPauseMs: 200,
      branchListMaxHeightPx: 240,
      inputHeightPx: 44,
      tooltipEnterDelayMs: 100,
      thumbnailDefaultPx: 48,
      imageFieldHeightPx: 160,
      viewerFadeMs: 800,
      zoomMin: 1,
      zoomMax: 8,
      authConstant: 400,
      sessionChangedStatus: -1,
      fontSizeBasePx: 14,
      listPageSizeDefault: 20,
      listPageSizeMax: 500,
    });
    expect(DATE_LIMITS).toEqual({ minDate: '1900-01-01', maxDate: '2099-12-31', weekStartsOn: 0 });
  });

  it('names the product LMS and says the fixed words in Thai', () => {
    expect(PRODUCT_NAME).toBe('LMS');
    expect(UI_TEXT.uploadPlaceholder).toBe('คลิกปุ่มเพื่ออัปโหลด →');
    expect(UI_TEXT.loading).toBe('กำลังโหลด...');
  });
});
