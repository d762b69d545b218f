import { phrase } from '../text/phrase.ts';

/**
 * Once a truck of a shift has checked in, the shift is no longer planned whole again (the plan, the
 * tried moves and the confirm refuse): its trucks are loading, so only a re-plan around what has
 * happened (docs/planning.md "Re-planning") may change it. One sentence for the server's refusal
 * and the planning screen's notice, naming the truck.
 */
export const shiftCheckedInMessage = (plate: string) =>
  phrase('รถ ', plate, ' เช็คอินแล้ว จึงจัดรถทั้งกะใหม่ไม่ได้ ให้กด "วางแผนใหม่จากตอนนี้" เพื่อวางแผนรอบสิ่งที่เกิดขึ้นแล้ว');
