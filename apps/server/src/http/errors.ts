import type { FastifyError, FastifyInstance } from 'fastify';

/** A failure the client may see: status and Thai messages, plus per-field errors for 422. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly messages: readonly string[],
    readonly errors?: Readonly<Record<string, string>>,
  ) {
    super(messages.join('\n'));
  }
}

export const badRequest = (message: string) => new HttpError(400, [message]);
export const unauthorized = (message = 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง') => new HttpError(401, [message]);
export const forbidden = (message = 'คุณไม่มีสิทธิ์ใช้งานส่วนนี้') => new HttpError(403, [message]);
export const notFound = (message = 'ไม่พบข้อมูลที่ต้องการ') => new HttpError(404, [message]);
export const conflict = (message: string) => new HttpError(409, [message]);
export const unprocessable = (errors: Record<string, string>) =>
  new HttpError(422, ['ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบ', ...Object.values(errors)], errors);

export const DATABASE_UNAVAILABLE = 'ฐานข้อมูลไม่พร้อมใช้งานชั่วคราว กรุณาลองใหม่ในอีกสักครู่';

/**
 * The database cannot be reached (refused, reset, shutting down, starting up after a crash):
 * a 503 the client may retry, not a 500 for a bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND'].includes(code)) return true;
    // 57P01–57P03: the server is shutting down or starting; class 08: connection exceptions.
    if (/^57P0[123]$|^08/.test(code)) return true;
  }
  return (
    typeof message === 'string' &&
    /^Connection terminated|timeout exceeded when trying to connect/.test(message)
  );
}

const statusMessages: Record<number, string> = {
  400: 'คำขอไม่ถูกต้อง',
  404: 'ไม่พบข้อมูลที่ต้องการ',
  405: 'ไม่รองรับวิธีเรียกนี้',
  413: 'ข้อมูลที่ส่งมีขนาดใหญ่เกินกำหนด',
  415: 'ไม่รองรับชนิดข้อมูลที่ส่งมา',
  429: 'มีการเรียกใช้บ่อยเกินไป กรุณารอสักครู่',
};

/**
 * Every failure answers `{ messages }` (api.md). Unknown errors become a generic Thai 500
 * with the request id; the detail goes only to the log, never to the client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.status)
        .send(
          error.errors ? { messages: error.messages, errors: error.errors } : { messages: error.messages },
        );
    }
    if ('validation' in error && error.validation) {
      const details = error.validation.map((v) =>
        `${v.instancePath || v.params?.missingProperty || ''} ${v.message ?? ''}`.trim(),
      );
      return reply.status(400).send({ messages: [`${statusMessages[400]}: ${details.join(', ')}`] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ messages: [statusMessages[status] ?? statusMessages[400]] });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ messages: [DATABASE_UNAVAILABLE] });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      messages: [`เกิดข้อผิดพลาดในระบบ กรุณาลองใหม่อีกครั้ง (รหัสอ้างอิง ${request.id})`],
      requestId: request.id,
    });
  });
}
