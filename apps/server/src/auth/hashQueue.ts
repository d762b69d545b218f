import { FairQueue, type FairQueueLimits } from '../queue/fairQueue.ts';

export const HASHING_BUSY = 'ระบบกำลังตรวจสอบรหัสผ่านจำนวนมาก กรุณาลองใหม่ในอีกสักครู่';

/**
 * scrypt at OWASP's cost takes 128 MB and a few hundred ms of one libuv thread, and libuv has only
 * four, shared with file and DNS work. Unbounded, 16 parallel wrong `changePassword` calls from one
 * signed-in user held every thread and pushed other users' sign-ins from 1 s to 20 s. So every
 * password hash of a request goes through this fair queue (queue/fairQueue.ts): two at once,
 * leaving threads for files, keyed by the client address for sign-in and the user for signed-in calls.
 */
export class HashQueue extends FairQueue {
  constructor(limits: FairQueueLimits = { concurrency: 2, perKey: 4, capacity: 64 }) {
    super(limits, HASHING_BUSY);
  }
}
