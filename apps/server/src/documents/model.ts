/**
 * What a printed document says, apart from how it is drawn: every kind (appointment slip,
 * delivery note, trip sheet, day sheet) builds one of these from its records, and the one
 * renderer (render.ts) draws any of them. Text is final (formatted, Thai); the renderer only
 * wraps and places it.
 */

export interface DocumentHeader {
  /** The company (the product's owner), then the branch that issues the document. */
  readonly company: string;
  readonly branch: string;
  readonly address: string;
  /** The branch's phone as printed ("โทร 02-326-1234"), whom the customer and the driver call; none when the branch has none. */
  readonly phone?: string;
}

export interface Field {
  readonly label: string;
  readonly value: string;
}

export interface Column {
  readonly header: string;
  /** Share of the table's width (the shares of a table need not add up to 1). */
  readonly width: number;
  readonly align?: 'left' | 'right' | 'center';
}

/** An image to print (a proof's signature or photo), already small, as JPEG, with its caption. */
export interface PrintedImage {
  readonly caption: string;
  readonly jpeg: Buffer;
}

export type Block =
  | { readonly type: 'heading'; readonly text: string }
  | { readonly type: 'fields'; readonly fields: readonly Field[]; readonly columns?: 1 | 2 | 3 }
  | {
      readonly type: 'table';
      readonly columns: readonly Column[];
      readonly rows: readonly (readonly string[])[];
      /** Minimum height of each row (pt): room to sign or write a time by hand. */
      readonly rowHeight?: number;
    }
  | { readonly type: 'paragraph'; readonly text: string }
  /** Boxes to sign in, side by side, each with a line for the name and the date/time. */
  | { readonly type: 'signatures'; readonly boxes: readonly string[] }
  /** Images side by side in boxes of one size, each fitted in its box, its caption under it. */
  | { readonly type: 'images'; readonly images: readonly PrintedImage[] };

export interface DocumentModel {
  /** The document's name as printed ("ใบนัดส่งสินค้า"). */
  readonly title: string;
  /** The record's number, printed in the header and encoded in the QR code when `qr`. */
  readonly number: string;
  readonly qr: boolean;
  readonly landscape?: boolean;
  readonly header: DocumentHeader;
  /** Under the title, right of the header ("วันที่พิมพ์ 24/11/2569 10:30"). */
  readonly subtitle?: string;
  readonly blocks: readonly Block[];
}
