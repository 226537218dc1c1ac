// The public API's error body: a sentence, a stable `code` always, the `field` a bad input is
// about, and the request's id (the same as its Request-Id header and its log lines'
// `requestId`). Every /api/v1 answer that is not a success is this body, whatever refused it:
// the key, the limit, the router (a path too long, a bad escape, no such path), the schema or
// a rule.
import * as v from 'valibot';
import { OPTED_OUT_CODE } from '../../lib/domain/funnels';
import { HttpError } from '../context';

/** The code of an error whose refusal names none, by its status. */
export const API_ERROR_CODES: Readonly<Record<number, string>> = {
  400: 'invalidRequest',
  401: 'invalidKey',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'requestTooLarge',
  414: 'pathTooLong',
  415: 'unsupportedMediaType',
  422: 'invalidValue',
  429: 'rateLimited',
  500: 'serverError',
  503: 'databaseUnavailable',
};

/** Every code an answer of the API may carry (the document lists them). */
export const API_CODES = [...new Set([...Object.values(API_ERROR_CODES), 'missingKey', 'unknownField', 'controlCharacters', 'badEscape', 'idempotencyKeyReused', OPTED_OUT_CODE])];

export const apiError = v.object({
  error: v.string(),
  code: v.string(),
  field: v.optional(v.string()),
  requestId: v.string(),
});
export type ApiErrorBody = v.InferOutput<typeof apiError>;

/** A request to the public API (its document aside, which is public and never refuses). */
export function isApiRequest(url: string): boolean {
  const path = url.split('?')[0];
  return path.startsWith('/api/v1/') && path !== '/api/v1/openapi.json';
}

export function apiErrorBody(requestId: string, statusCode: number, error: string, field?: string, code?: string): ApiErrorBody {
  return { error, code: code ?? API_ERROR_CODES[statusCode] ?? (statusCode >= 500 ? 'serverError' : 'invalidRequest'), ...(field ? { field } : {}), requestId };
}

/** A refusal of the API with its own code (one the screens never show, so not a ServerProblem). */
export class ApiProblem extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly code: string,
    field?: string,
  ) {
    super(statusCode, message, field);
  }
}
