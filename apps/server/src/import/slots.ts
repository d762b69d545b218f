import { HttpError } from '../http/httpError.ts';

/** Imports running at once in one server process: per user, and over all users (each holds up to 20 MB and a core). */
export const IMPORTS_PER_USER = 1;
export const IMPORTS_PER_INSTANCE = 2;

export const slotMessages = {
  user: `มีงานนำเข้าที่กำลังทำอยู่แล้ว (ทำได้ครั้งละ ${IMPORTS_PER_USER} งานต่อผู้ใช้) กรุณารอให้งานเดิมเสร็จก่อน`,
  instance: `มีงานนำเข้าที่กำลังทำอยู่ ${IMPORTS_PER_INSTANCE} งานแล้ว (เซิร์ฟเวอร์รับได้ครั้งละ ${IMPORTS_PER_INSTANCE} งาน) กรุณาลองใหม่ในอีกสักครู่`,
} as const;

/**
 * The imports running in this process (the synchronous import and jobs alike): one more is refused
 * at once with a Thai 429 rather than queued, since each holds its file and a core until it ends.
 */
export class ImportSlots {
  private readonly byUser = new Map<string, number>();
  private running = 0;

  /** Takes a slot for `userId`, or refuses; the answer frees it (once, however often called). */
  take(userId: string): () => void {
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= IMPORTS_PER_USER) throw new HttpError(429, [slotMessages.user]);
    if (this.running >= IMPORTS_PER_INSTANCE) throw new HttpError(429, [slotMessages.instance]);
    this.byUser.set(userId, mine + 1);
    this.running++;
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      this.running--;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    };
  }
}
