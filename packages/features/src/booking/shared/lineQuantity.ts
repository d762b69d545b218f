import { bookingLines } from '@lms/domain';

/*
 * Apart from format.ts because it reads the booking line's declaration: the home (in the staff
 * shell) formats days with format.ts and must not load the booking's declaration with it (a bundle
 * puts a whole module in one chunk; issue 41).
 */

/** Decimals of a booked quantity, in the DO line's unit: as the booking line declares it. */
export const lineQtyScale = bookingLines.fields.find((field) => field.name === 'qty')?.scale ?? 3;

/** A quantity as the planner reads it in a sentence: no trailing zeros (`20`, `12.5`). */
export const qtyText = (qty: number) => qty.toLocaleString('en-US', { maximumFractionDigits: lineQtyScale });
