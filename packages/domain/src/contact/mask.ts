/**
 * A phone number or LINE user id as a list shows it (PDPA, docs/contact.md): only the last three
 * characters, enough to tell two apart on the phone with the customer; short values fully hidden.
 */
export function maskContact(value: string): string {
  const text = value.trim();
  if (text.length <= 4) return '•'.repeat(text.length);
  return `${'•'.repeat(text.length - 3)}${text.slice(-3)}`;
}
