import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of each page of a PDF, as a reader's copy/search sees it (pdf.js, as in Firefox).
 * ำ comes out as ํา (its compatibility decomposition, see documents/fonts.ts): folded back
 * here, so a test can look for "น้ำ" as written.
 */
export async function pdfPages(bytes: ArrayBuffer | Uint8Array): Promise<string[]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
    pages.push(text.replaceAll('\u0E4D\u0E32', '\u0E33'));
  }
  await pdf.destroy();
  return pages;
}
