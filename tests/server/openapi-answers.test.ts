// The answer checker itself: it must fail on what the document does not declare, or every
// API suite's "answers as declared" test would pass for nothing.
import { describe, expect, it } from 'vitest';
import { openApiDocument, statusesOf } from '../../server/api/openapi';
import { API_ROUTES } from '../../server/api/v1';
import type { Exchange } from './harness';
import { answerProblems } from './openapi-answers';

const doc = JSON.parse(JSON.stringify(openApiDocument(API_ROUTES))) as Parameters<typeof answerProblems>[0];
const limits = { 'ratelimit-limit': '120', 'ratelimit-remaining': '119', 'ratelimit-reset': '60', 'ratelimit-policy': '120;w=60', 'content-type': 'application/json; charset=utf-8' };
const answer = (over: Partial<Exchange>): Exchange => ({ method: 'GET', url: '/api/v1/inventory', status: 200, headers: limits, body: JSON.stringify({ items: [], total: 0, has_more: false }), ...over });

describe('the OpenAPI answer checker', () => {
  it('passes an answer that is as declared', () => {
    expect(answerProblems(doc, [answer({})])).toEqual({ problems: [], checked: 1 });
    const replay = answer({ method: 'POST', url: '/api/v1/funnels', status: 201, headers: { ...limits, 'idempotent-replayed': 'true' }, body: '{"id":"CR1","status":"Brief"}' });
    expect(answerProblems(doc, [replay]).problems).toEqual([]);
  });

  it.each([
    ['an undeclared status', answer({ status: 418 }), 'status not declared'],
    ['a body off its schema', answer({ body: '{"items":"none"}' }), 'body'],
    ['an error body with an unknown field', answer({ status: 404, url: '/api/v1/funnels/CR1', body: '{"error":"No funnel CR1","detail":"x"}' }), 'body'],
    ['a missing RateLimit header', answer({ headers: { 'content-type': 'application/json' } }), 'required header ratelimit-limit missing'],
    ['a malformed RateLimit header', answer({ headers: { ...limits, 'ratelimit-reset': 'soon' } }), 'header ratelimit-reset'],
    ['Idempotent-Replayed where it is not declared', answer({ headers: { ...limits, 'idempotent-replayed': 'true' } }), 'header idempotent-replayed not declared'],
    ['an error body without its code or request id', answer({ status: 404, url: '/api/v1/funnels/CR1', body: '{"error":"No funnel CR1"}' }), "must have required property 'code'"],
    ['a request id in the body that is not the header’s', answer({ status: 404, url: '/api/v1/funnels/CR1', headers: { ...limits, 'request-id': 'req_AAAAAAAAAAAAAAAA' }, body: '{"error":"No funnel CR1","code":"notFound","requestId":"req_BBBBBBBBBBBBBBBB"}' }), 'is not the Request-Id header'],
    ['a 401 without RateLimit headers', answer({ status: 401, headers: { 'content-type': 'application/json' }, body: '{"error":"Send your API key","code":"missingKey"}' }), 'required header ratelimit-limit missing'],
    ['RateLimit headers on a 503', answer({ status: 503, body: '{"error":"Away","code":"databaseUnavailable"}' }), 'header ratelimit-limit not declared'],
    ['a path no operation has answered without RateLimit headers', answer({ status: 404, url: '/api/v1/nothing', headers: { 'content-type': 'application/json' }, body: '{"error":"Not found","code":"notFound"}' }), 'required header ratelimit-limit missing'],
    ['an operation the document lacks', answer({ method: 'DELETE' }), 'no such operation'],
  ])('flags %s', (_what, exchange, problem) => {
    expect(answerProblems(doc, [exchange]).problems.join('\n')).toContain(problem);
  });

  it('declares for each operation what it can answer', () => {
    expect(statusesOf(API_ROUTES.listInventory)).toEqual([200, 400, 401, 429, 503]);
    expect(statusesOf(API_ROUTES.getFunnel)).toEqual([200, 400, 401, 404, 414, 429, 503]);
    expect(statusesOf(API_ROUTES.createFunnel)).toEqual([201, 400, 401, 403, 404, 409, 413, 415, 429, 503]);
    expect(statusesOf(API_ROUTES.updateOrder)).toEqual([200, 400, 401, 403, 404, 409, 413, 414, 415, 422, 429, 503]);
    expect(statusesOf(API_ROUTES.createOrder)).toEqual([201, 400, 401, 403, 409, 413, 415, 422, 429, 503]);
  });
});
