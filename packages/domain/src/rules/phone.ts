/**
 * A `tel:` link for a phone number as people write it (`081-234-5678`, `+66 81 234 5678`), so a
 * planner on a phone calls the customer with one tap; none for a masked number (`••••••678`, shown
 * to those who may not see it: docs/privacy.md), an empty one or text that is not a number.
 */
export function telHref(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '' || text.includes('•')) return null;
  const dialled = text.replace(/[\s().-]/g, '');
  return /^\+?\d{3,15}$/.test(dialled) ? `tel:${dialled}` : null;
}
