import { describe, expect, it } from 'vitest';
import {
  acceptAttribute,
  acceptsFileName,
  acceptsMimeType,
  FILE_TYPE_RULES,
  fileExtension,
  firstFile,
} from './fileAccept.ts';

describe('acceptsFileName', () => {
  it.each([
    ['EXCEL', 'รายงาน.xlsx', true],
    ['EXCEL', 'old.XLS', true],
    ['EXCEL', 'data.csv', false],
    ['WORD', 'สัญญา.docx', true],
    ['WORD', 'letter.doc', true],
    ['WORD', 'letter.pdf', false],
    ['IMAGE', 'photo.JPG', true],
    ['IMAGE', 'scan.bmp', true],
    ['IMAGE', 'anim.gif', true],
    ['IMAGE', 'vector.svg', false],
    ['PDF', 'ใบส่งสินค้า.pdf', true],
    ['PDF', 'pdf', false],
    ['JSON', 'seed.json', true],
    ['JSON', 'seed.json.txt', false],
  ] as const)('%s accepts %s: %s', (type, name, accepted) => {
    expect(acceptsFileName(type, name)).toBe(accepted);
  });

  it('accepts any file without a type', () => {
    expect(acceptsFileName(undefined, 'anything.xyz')).toBe(true);
    expect(acceptsFileName(null, 'README')).toBe(true);
  });

  it('takes only JPEG and PNG in the image field', () => {
    expect(acceptsFileName('IMAGE_FIELD', 'me.jpeg')).toBe(true);
    expect(acceptsFileName('IMAGE_FIELD', 'me.png')).toBe(true);
    expect(acceptsFileName('IMAGE_FIELD', 'me.gif')).toBe(false);
    expect(acceptsFileName('IMAGE_FIELD', 'me.bmp')).toBe(false);
  });
});

describe('MIME types and the accept attribute', () => {
  it('knows the MIME types of each type', () => {
    expect(FILE_TYPE_RULES.EXCEL.mimeTypes).toContain(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(acceptsMimeType('PDF', 'application/pdf')).toBe(true);
    expect(acceptsMimeType('JSON', 'application/json; charset=utf-8')).toBe(true);
    expect(acceptsMimeType('IMAGE_FIELD', 'image/gif')).toBe(false);
    expect(acceptsMimeType(undefined, 'application/x-anything')).toBe(true);
  });

  it('builds the input accept attribute', () => {
    expect(acceptAttribute('IMAGE_FIELD')).toBe('.jpg,.jpeg,.png,image/jpeg,image/png');
    expect(acceptAttribute(undefined)).toBeUndefined();
  });
});

describe('file names and selections', () => {
  it('reads the extension of the last path part, ignoring a leading dot', () => {
    expect(fileExtension('C:\\docs\\report.final.XLSX')).toBe('.xlsx');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('noext')).toBe('');
  });

  it('uses only the first selected file', () => {
    expect(firstFile(['a', 'b'])).toBe('a');
    expect(firstFile([])).toBeNull();
    expect(firstFile(null)).toBeNull();
  });
});
