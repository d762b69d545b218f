import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { FONT, useFonts } from './fonts.ts';
import type { Block, Column, DocumentModel, Field, PrintedImage } from './model.ts';
import { wrapText } from './wrap.ts';

/**
 * The one renderer: draws any DocumentModel with pdfkit, page by page. Each document's pages are
 * buffered only until it ends, when they get their "หน้า 1/3" and are flushed to the stream,
 * so a batch of 500 documents holds one document in memory, not 500.
 */

const MARGIN = 36;
const SIZE = { title: 16, company: 13, body: 10, small: 8.5, table: 9 } as const;
/** Thai needs room above (tone marks) and below (ุ ู) the line. */
const LEADING = 1.45;
const QR_SIZE = 64;
const GREY = '#555555';
const RULE = '#999999';
const FOOTER_HEIGHT = 20;
/** A printed proof image's box (pt): four to a portrait row. */
const IMAGE_BOX = 120;

export const pageText = { page: (n: number, of: number) => `หน้า ${n}/${of}`, number: 'เลขที่' } as const;

/** A new PDF with Sarabun, pages buffered per document (see above). */
export function openPdf(info: { title: string }): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: true,
    info: { Title: info.title, Creator: 'LMS' },
    lang: 'th-TH',
    displayTitle: true,
    // No Helvetica: every text is Sarabun (useFonts), so the standard font is never loaded.
    font: null as unknown as string,
  });
  useFonts(doc);
  return doc;
}

/** Rendering waits while this much PDF is unread by the client, so memory stays flat. */
const HIGH_WATER = 4 * 1024 * 1024;

/**
 * Renders the models into `doc` as its reader reads (a batch's reply): `next` yields them a chunk
 * at a time, so a big batch never sits in memory together; ends the document after the last.
 */
export async function renderChunks(
  doc: PDFKit.PDFDocument,
  first: readonly DocumentModel[],
  next?: () => Promise<readonly DocumentModel[]>,
): Promise<void> {
  // pdfkit's document is a Node Readable (its types say only ReadableStream).
  const stream = doc as unknown as Readable;
  let models = first;
  while (models.length) {
    for (const model of models) {
      renderDocument(doc, model);
      while (stream.readableLength > HIGH_WATER && !stream.destroyed)
        await new Promise((resolve) => setTimeout(resolve, 5));
      if (stream.destroyed) return;
    }
    models = next ? await next() : [];
  }
  doc.end();
}

/** Appends one document (its own pages and page numbers) to `doc` and flushes them. */
export function renderDocument(doc: PDFKit.PDFDocument, model: DocumentModel): void {
  const first = doc.bufferedPageRange().start + doc.bufferedPageRange().count;
  const page = new PageCursor(doc, model);
  page.start();
  for (const block of model.blocks) page.block(block);
  const { start, count } = doc.bufferedPageRange();
  const pages = start + count - first;
  for (let i = 0; i < pages; i++) {
    doc.switchToPage(first + i);
    page.footer(i + 1, pages);
  }
  doc.flushPages();
}

class PageCursor {
  private y = 0;
  private width = 0;
  private height = 0;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly model: DocumentModel,
  ) {}

  get bottom() {
    return this.height - MARGIN - FOOTER_HEIGHT;
  }

  start() {
    this.doc.addPage({ size: 'A4', layout: this.model.landscape ? 'landscape' : 'portrait', margin: 0 });
    this.width = this.doc.page.width - 2 * MARGIN;
    this.height = this.doc.page.height;
    this.y = MARGIN;
    this.header();
  }

  /** Room for `height` more points on this page, or a new page. */
  private ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.start();
    return true;
  }

  private lines(text: string, width: number, font: string, size: number): string[] {
    this.doc.font(font).fontSize(size);
    return wrapText(text, width, (t) => this.doc.widthOfString(t));
  }

  /** Draws lines from (x, y); answers the height used. */
  private write(
    lines: readonly string[],
    x: number,
    y: number,
    opts: { font?: string; size?: number; color?: string; width?: number; align?: Column['align'] } = {},
  ): number {
    const size = opts.size ?? SIZE.body;
    this.doc
      .font(opts.font ?? FONT.regular)
      .fontSize(size)
      .fillColor(opts.color ?? 'black');
    const lineHeight = size * LEADING;
    lines.forEach((line, i) => {
      let left = x;
      if (opts.width !== undefined && opts.align && opts.align !== 'left') {
        const free = opts.width - this.doc.widthOfString(line);
        left += opts.align === 'right' ? free : free / 2;
      }
      this.doc.text(line, left, y + i * lineHeight, { lineBreak: false });
    });
    return lines.length * lineHeight;
  }

  private header() {
    const { header, title, number, subtitle, qr } = this.model;
    const right = MARGIN + this.width - (qr ? QR_SIZE + 8 : 0);
    const titleWidth = 210;
    const leftWidth = right - MARGIN - titleWidth - 12;
    let left = MARGIN;
    left += this.write(this.lines(header.company, leftWidth, FONT.bold, SIZE.company), MARGIN, left, {
      font: FONT.bold,
      size: SIZE.company,
    });
    left += this.write(this.lines(header.branch, leftWidth, FONT.bold, SIZE.body), MARGIN, left, {
      font: FONT.bold,
    });
    for (const line of header.phone ? [header.address, header.phone] : [header.address])
      left += this.write(this.lines(line, leftWidth, FONT.regular, SIZE.small), MARGIN, left, {
        size: SIZE.small,
        color: GREY,
      });
    const titleX = right - titleWidth;
    let top = MARGIN;
    top += this.write([title], titleX, top, {
      font: FONT.bold,
      size: SIZE.title,
      width: titleWidth,
      align: 'right',
    });
    top += this.write([`${pageText.number} ${number}`], titleX, top, {
      font: FONT.bold,
      width: titleWidth,
      align: 'right',
    });
    if (subtitle)
      top += this.write(this.lines(subtitle, titleWidth, FONT.regular, SIZE.small), titleX, top, {
        size: SIZE.small,
        color: GREY,
        width: titleWidth,
        align: 'right',
      });
    if (qr) this.qr(number, MARGIN + this.width - QR_SIZE, MARGIN);
    this.y = Math.max(left, top, qr ? MARGIN + QR_SIZE : 0) + 6;
    this.rule();
  }

  private rule() {
    this.doc
      .moveTo(MARGIN, this.y)
      .lineTo(MARGIN + this.width, this.y)
      .lineWidth(0.7)
      .strokeColor(RULE)
      .stroke();
    this.y += 8;
  }

  /** The QR code as vector squares: sharp at any zoom and a few hundred bytes. */
  private qr(text: string, x: number, y: number) {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const cell = QR_SIZE / modules.size;
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++)
        if (modules.get(row, col)) this.doc.rect(x + col * cell, y + row * cell, cell, cell);
    this.doc.fillColor('black').fill();
  }

  footer(n: number, of: number) {
    const y = this.height - MARGIN - FOOTER_HEIGHT + 6;
    this.write([`${this.model.title} ${pageText.number} ${this.model.number}`], MARGIN, y, {
      size: SIZE.small,
      color: GREY,
    });
    this.write([pageText.page(n, of)], MARGIN, y, {
      size: SIZE.small,
      color: GREY,
      width: this.width,
      align: 'right',
    });
  }

  block(block: Block) {
    switch (block.type) {
      case 'heading': {
        const lines = this.lines(block.text, this.width, FONT.bold, SIZE.body + 1);
        this.ensure(lines.length * (SIZE.body + 1) * LEADING + 40);
        this.y += 4;
        this.y += this.write(lines, MARGIN, this.y, { font: FONT.bold, size: SIZE.body + 1 });
        return;
      }
      case 'paragraph': {
        for (const line of this.lines(block.text, this.width, FONT.regular, SIZE.body)) {
          this.ensure(SIZE.body * LEADING);
          this.y += this.write([line], MARGIN, this.y);
        }
        this.y += 4;
        return;
      }
      case 'fields':
        return this.fields(block.fields, block.columns ?? 2);
      case 'table':
        return this.table(block.columns, block.rows, block.rowHeight ?? 0);
      case 'signatures':
        return this.signatures(block.boxes);
      case 'images':
        return this.images(block.images);
    }
  }

  private fields(fields: readonly Field[], columns: number) {
    const gap = 12;
    const columnWidth = (this.width - gap * (columns - 1)) / columns;
    const labelWidth = Math.min(110, columnWidth * 0.4);
    for (let i = 0; i < fields.length; i += columns) {
      const row = fields.slice(i, i + columns).map((field) => ({
        label: this.lines(field.label, labelWidth - 4, FONT.bold, SIZE.small),
        value: this.lines(field.value, columnWidth - labelWidth, FONT.regular, SIZE.body),
      }));
      const height = Math.max(
        ...row.map((f) => Math.max(f.label.length * SIZE.small, f.value.length * SIZE.body) * LEADING),
      );
      this.ensure(height);
      row.forEach((field, column) => {
        const x = MARGIN + column * (columnWidth + gap);
        this.write(field.label, x, this.y + 1.5, { font: FONT.bold, size: SIZE.small, color: GREY });
        this.write(field.value, x + labelWidth, this.y);
      });
      this.y += height + 2;
    }
    this.y += 6;
  }

  private table(columns: readonly Column[], rows: readonly (readonly string[])[], minRowHeight: number) {
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const pad = 3;
    const cells = (texts: readonly string[], font: string) =>
      texts.map((text, i) => this.lines(text, widths[i]! - 2 * pad, font, SIZE.table));
    const heightOf = (wrapped: string[][]) =>
      Math.max(...wrapped.map((lines) => lines.length)) * SIZE.table * LEADING + 2 * pad;
    const headerCells = cells(
      columns.map((c) => c.header),
      FONT.bold,
    );
    const headerHeight = heightOf(headerCells);
    const drawRow = (wrapped: string[][], height: number, font: string, fill?: string) => {
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        const width = widths[i]!;
        if (fill) this.doc.rect(x, this.y, width, height).fillColor(fill).fill();
        this.doc.rect(x, this.y, width, height).lineWidth(0.5).strokeColor(RULE).stroke();
        this.write(lines, x + pad, this.y + pad, {
          font,
          size: SIZE.table,
          width: width - 2 * pad,
          align: columns[i]!.align,
        });
        x += width;
      });
      this.y += height;
    };
    this.ensure(headerHeight + SIZE.table * LEADING * 2);
    drawRow(headerCells, headerHeight, FONT.bold, '#eeeeee');
    // A row never outgrows a page (a shift's 500 DOs in one cell): its cells are cut, marked "…".
    const maxLines = Math.floor((this.bottom - MARGIN - 140 - headerHeight) / (SIZE.table * LEADING));
    for (const row of rows) {
      const wrapped = cells(row, FONT.regular).map((lines) =>
        lines.length > maxLines ? [...lines.slice(0, maxLines - 1), `${lines[maxLines - 1]} …`] : lines,
      );
      const height = Math.max(heightOf(wrapped), minRowHeight);
      // A row that does not fit starts a page, under the table's header again.
      if (this.ensure(height)) drawRow(headerCells, headerHeight, FONT.bold, '#eeeeee');
      drawRow(wrapped, height, FONT.regular);
    }
    this.y += 10;
  }

  /** Boxes of IMAGE_BOX pt in rows, each image fitted and centred in its box, its caption under it. */
  private images(images: readonly PrintedImage[]) {
    const gap = 10;
    const caption = SIZE.small * LEADING;
    const perRow = Math.max(1, Math.floor((this.width + gap) / (IMAGE_BOX + gap)));
    for (let i = 0; i < images.length; i += perRow) {
      this.ensure(IMAGE_BOX + caption + 4);
      images.slice(i, i + perRow).forEach((image, column) => {
        const x = MARGIN + column * (IMAGE_BOX + gap);
        this.doc.rect(x, this.y, IMAGE_BOX, IMAGE_BOX).lineWidth(0.5).strokeColor(RULE).stroke();
        this.doc.image(image.jpeg, x + 2, this.y + 2, {
          fit: [IMAGE_BOX - 4, IMAGE_BOX - 4],
          align: 'center',
          valign: 'center',
        });
        this.write([image.caption], x, this.y + IMAGE_BOX + 2, {
          size: SIZE.small,
          color: GREY,
          width: IMAGE_BOX,
          align: 'center',
        });
      });
      this.y += IMAGE_BOX + caption + 6;
    }
    this.y += 4;
  }

  private signatures(boxes: readonly string[]) {
    const gap = 16;
    const height = 78;
    const width = (this.width - gap * (boxes.length - 1)) / boxes.length;
    this.ensure(height + 4);
    boxes.forEach((label, i) => {
      const x = MARGIN + i * (width + gap);
      this.doc.rect(x, this.y, width, height).lineWidth(0.5).strokeColor(RULE).stroke();
      this.write([label], x + 6, this.y + 4, { font: FONT.bold, size: SIZE.small });
      this.write([signatureText.sign], x + 6, this.y + 38, { size: SIZE.small, width: width - 12 });
      this.write([signatureText.at], x + 6, this.y + 56, { size: SIZE.small, width: width - 12 });
    });
    this.y += height + 10;
  }
}

const signatureText = {
  sign: 'ลงชื่อ ...................................................',
  at: 'วันที่/เวลา ........../........../.......... ......:......',
} as const;
