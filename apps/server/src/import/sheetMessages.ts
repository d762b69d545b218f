/**
 * What the sheet reader's thread (sheetWorker.ts) tells read.ts: the headers, rows a chunk at a time,
 * the end, or why it stopped. Apart from both so that neither imports the other.
 */
export type SheetMessage =
  | { readonly type: 'headers'; readonly headers: readonly string[] }
  | {
      readonly type: 'rows';
      readonly rows: readonly { row: number; cells: readonly unknown[] }[];
      readonly read: number;
    }
  | { readonly type: 'end' }
  | { readonly type: 'refused'; readonly status: number; readonly messages: readonly string[] }
  | { readonly type: 'failed'; readonly message: string };
