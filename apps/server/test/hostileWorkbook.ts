import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * .xlsx files written by hand in memory, as other writers or attackers write them, small and fast
 * even when huge inflated: a part is a list of pieces, each written
 * once or repeated; a repeated piece is compressed once (a full flush makes it stand alone) and its
 * bytes written `times` times, so 300 MB of XML costs a few KB of zip and no 300 MB buffer.
 */
export type Piece = string | { readonly repeat: string; readonly times: number };

interface Part {
  readonly name: string;
  readonly data: Buffer;
  readonly crc: number;
  readonly size: number;
}

function part(name: string, pieces: readonly Piece[]): Part {
  const chunks: Buffer[] = [];
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    const text = Buffer.from(typeof piece === 'string' ? piece : piece.repeat);
    const times = typeof piece === 'string' ? 1 : piece.times;
    const block = deflateRawSync(text, { finishFlush: constants.Z_FULL_FLUSH });
    for (let i = 0; i < times; i++) {
      chunks.push(block);
      crc = crc32(text, crc);
    }
    size += text.length * times;
  }
  chunks.push(Buffer.from([0x03, 0x00])); // the final, empty block
  return { name, data: Buffer.concat(chunks), crc, size };
}

function zip(parts: readonly Part[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(0x21, 12); // 1980-01-01
    header.writeUInt32LE(p.crc, 14);
    header.writeUInt32LE(p.data.length, 18);
    header.writeUInt32LE(p.size, 22);
    header.writeUInt16LE(name.length, 26);
    local.push(header, name, p.data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt16LE(0x21, 14);
    entry.writeUInt32LE(p.crc, 16);
    entry.writeUInt32LE(p.data.length, 20);
    entry.writeUInt32LE(p.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += header.length + name.length + p.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** An inline-string cell (`<c t="inlineStr">`), text escaped for XML; without `ref`, the next column. */
export const textCell = (text: string, ref?: string) =>
  `<c${ref ? ` r="${ref}"` : ''} t="inlineStr"><is><t>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</t></is></c>`;

/** A workbook of one sheet whose `<sheetData>` is `rows`; `sharedStrings` pieces make the shared-strings part. */
export function hostileWorkbook(
  rows: readonly Piece[],
  sharedStrings?: readonly Piece[],
): Uint8Array<ArrayBuffer> {
  const parts = [
    part('[Content_Types].xml', [
      [
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`,
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>`,
        `<Default Extension="xml" ContentType="application/xml"/>`,
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>`,
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        sharedStrings
          ? `<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>`
          : '',
        `</Types>`,
      ].join(''),
    ]),
    part('_rels/.rels', [
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ]),
    part('xl/workbook.xml', [
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="ข้อมูล" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ]),
    part('xl/_rels/workbook.xml.rels', [
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_REL}">`,
      `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`,
      sharedStrings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : '',
      `</Relationships>`,
    ]),
    ...(sharedStrings
      ? [
          part('xl/sharedStrings.xml', [
            `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`,
            ...sharedStrings,
            '</sst>',
          ]),
        ]
      : []),
    part('xl/worksheets/sheet1.xml', [
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`,
      ...rows,
      '</sheetData></worksheet>',
    ]),
  ];
  return new Uint8Array(zip(parts));
}
