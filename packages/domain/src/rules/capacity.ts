import { formatNumber } from './numberFormat.ts';

/**
 * A slot's used share as every screen says it (home, calendars, wizard, planning): "ใช้แล้ว 26.3%",
 * never the band's "ว่าง" before a figure that is the used share (issue 43 item 8, product.md
 * "Consistency"). The band's Thai label follows the figure where both are shown.
 */
export const usedShareText = (percent: number): string => `ใช้แล้ว ${formatNumber(percent, 1)}%`;

/** The same in a box a few letters wide (a calendar day on a phone): whole percent. */
export const usedShareShortText = (percent: number): string => `ใช้ ${Math.floor(percent)}%`;

/** The figure and the band in one line of text (a slot picker's option, a badge's accessible name). */
export const capacityText = (percent: number, statusLabel: string): string =>
  `${usedShareText(percent)} · ${statusLabel}`;
