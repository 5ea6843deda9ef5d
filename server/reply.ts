/** The success answer { code: '200', message, data } (protocol/http.ts ApiResult). */
import type { FastifyRequest } from 'fastify';
import { ResultCode } from '../protocol/codes';
import type { Lang } from '../protocol/constants';
import { Headers } from '../protocol/http';
import { translate } from '../protocol/messages/index';

/** The caller's language: x-lang en, else the default zh. */
export function langOf(request: FastifyRequest): Lang {
  return request.headers[Headers.LANG] === 'en' ? 'en' : 'zh';
}

/** The success message in each language, worked out once instead of per reply. */
const OK_MESSAGE: Record<Lang, string> = { zh: translate('zh', 'server.ok'), en: translate('en', 'server.ok') };

export function ok<T>(request: FastifyRequest, data: T) {
  return { code: ResultCode.SUCCESS, message: OK_MESSAGE[langOf(request)], data };
}
