/** Just enough of the ZIP and OLE compound-file layouts to tell Office documents apart. */

const ZIP_END_SIGNATURE = 0x06054b50;
const ZIP_ENTRY_SIGNATURE = 0x02014b50;
const MAX_ENTRIES = 10_000;

/** Entry names from a ZIP's central directory; empty when it cannot be read (e.g. ZIP64). */
export function zipEntryNames(bytes: Buffer): string[] {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === ZIP_END_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) return [];
  const count = Math.min(bytes.readUInt16LE(end + 10), MAX_ENTRIES);
  let at = bytes.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== ZIP_ENTRY_SIGNATURE) return [];
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > bytes.length) return [];
    names.push(bytes.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

const CFB_STREAM = 2;

/**
 * Stream names in an OLE compound file (xls, doc). Directory entries are 128 bytes on
 * 128-byte boundaries after the header sector; scanning those boundaries for well-formed
 * stream entries avoids walking the sector chains.
 */
export function compoundStreamNames(bytes: Buffer): Set<string> {
  const names = new Set<string>();
  if (bytes.length < 512) return names;
  const sectorShift = bytes.readUInt16LE(0x1e);
  if (sectorShift !== 9 && sectorShift !== 12) return names;
  for (let at = 1 << sectorShift; at + 128 <= bytes.length; at += 128) {
    const nameLength = bytes.readUInt16LE(at + 0x40);
    if (bytes[at + 0x42] !== CFB_STREAM || nameLength < 4 || nameLength > 64 || nameLength % 2) continue;
    // The stored length counts the terminating UTF-16 null.
    if (bytes.readUInt16LE(at + nameLength - 2) !== 0) continue;
    names.add(bytes.toString('utf16le', at, at + nameLength - 2));
  }
  return names;
}
