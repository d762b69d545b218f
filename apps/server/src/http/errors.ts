import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { HttpError } from './httpError.ts';
import { validationMessages } from './validation.ts';

export { HttpError };

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
  // The last: a lent-out connection that broke between two statements (a transaction's next one).
  return (
    typeof message === 'string' &&
    /^Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable/.test(
      message,
    )
  );
}

const statusMessages: Record<number, string> = {
  400: 'คำขอไม่ถูกต้อง',
  404: 'ไม่พบข้อมูลที่ต้องการ',
  405: 'ไม่รองรับวิธีเรียกนี้',
  408: 'คำขอใช้เวลานานเกินไป กรุณาลองใหม่',
  413: 'ข้อมูลที่ส่งมีขนาดใหญ่เกินกำหนด',
  414: 'ที่อยู่ของคำขอยาวเกินกำหนด',
  415: 'ไม่รองรับชนิดข้อมูลที่ส่งมา',
  429: 'มีการเรียกใช้บ่อยเกินไป กรุณารอสักครู่',
  431: 'ส่วนหัวของคำขอมีขนาดใหญ่เกินกำหนด',
};

const BAD_URL = 'ที่อยู่ของคำขอไม่ถูกต้อง';

/**
 * Failures Fastify answers before any route or hook runs (a bad %-escape, a path parameter
 * past its length limit): in the api.md shape too. Passed to `Fastify({ frameworkErrors })`.
 */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.status(414).send({ messages: [statusMessages[414]] });
  return reply.status(400).send({ messages: [BAD_URL] });
}

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers or URL past
 * `maxHeaderSize`, a malformed request line, a slow client): answered on the socket in the
 * api.md shape, where Fastify's default writes English. Passed to `Fastify({ clientErrorHandler })`.
 */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ messages: [statusMessages[status]] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The Fastify options that route failures outside the error handler into the Thai shape. */
export const errorServerOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors,
  clientErrorHandler,
};

/**
 * Every failure answers `{ messages }` (api.md). Unknown errors become a generic Thai 500
 * with the request id; the detail goes only to the log, never to the client.
 */
/** PostgreSQL's refusals that are the request's fault, in Thai; undefined for every other error. */
function refusedByDatabase(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  if (code === '23503') return 'ไม่พบข้อมูลอ้างอิงที่เลือก';
  if (code === '22P02' || code === '22007' || code === '22008' || code === '22003')
    return 'ข้อมูลมีรูปแบบไม่ถูกต้อง';
  return undefined;
}

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
      const details = validationMessages(
        error.validation,
        error.validationContext ?? 'body',
        request.routeOptions.schema,
      );
      return reply.status(400).send({ messages: [statusMessages[400], ...details] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ messages: [statusMessages[status] ?? statusMessages[400]] });
    }
    const refusal = refusedByDatabase(error);
    if (refusal) {
      // The client named a record that does not exist or sent a value PostgreSQL cannot read: the
      // request's fault, caught by the database after the route's own checks (found by the fuzz).
      request.log.warn({ err: error }, 'database refused the request');
      return reply.status(422).send({ messages: [refusal] });
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
