import { describe, expect, it } from 'vitest';
import { parseRouteInput, type RawInput } from '../../../src-main/api/route-input.ts';
import type { AppError } from '../../../src-main/core/app-error.ts';
import type { RouteName } from '../../../src-shared/api/routes.ts';

const MAX = Number.MAX_SAFE_INTEGER;

function refusal(route: RouteName, raw: Partial<RawInput>): object {
  try {
    parseRouteInput(route, { params: {}, query: {}, ...raw });
  } catch (err) {
    const { status, code, message, extra } = err as AppError;
    return { status, code, message, ...extra };
  }
  throw new Error(`${route} accepted ${JSON.stringify(raw)}`);
}

const bad = (message: string) => ({ status: 400, code: 'MAIL_BAD_REQUEST', message });
const email = { email: 'a@x.test' };

describe('parseRouteInput: values the handlers get', () => {
  it('gives numbers as numbers, with the defaults of an absent value', () => {
    const list = parseRouteInput('mailList', { params: email, query: {} });
    expect(list).toEqual({ params: email, query: { after_id: 0, limit: 50, wait: 0 } });
    expect(
      parseRouteInput('mailList', {
        params: email,
        query: { after_id: '5', limit: '200', wait: '1.5' },
      }).query,
    ).toEqual({ after_id: 5, limit: 200, wait: 1.5 });
    expect(
      parseRouteInput('mailAttachment', { params: { ...email, id: '12', n: '0' }, query: {} })
        .params,
    ).toEqual({ ...email, id: 12, n: 0 });
    expect(
      parseRouteInput('taskGet', { params: { token: 't' }, query: { wait: '' } }).query,
    ).toEqual({ wait: 0 });
    expect(parseRouteInput('mailStream', { params: email, query: { api_key: 'k' } }).query).toEqual(
      {},
    );
    expect(
      parseRouteInput('settingsMx', { params: {}, query: { domain: ['a', 'b'] } }).query,
    ).toEqual({ domain: '' });
  });
});

describe('parseRouteInput: the sentences the hand-written rules answered', () => {
  const digits = (name: string) => bad(`${name} must be an integer in plain digits, e.g. 5.`);

  it.each([
    [{ after_id: '+5' }, digits('after_id')],
    [{ after_id: ' 5' }, digits('after_id')],
    [{ after_id: '5.0' }, digits('after_id')],
    [{ after_id: '5e0' }, digits('after_id')],
    [{ after_id: ['1', '2'] }, digits('after_id')],
    [{ limit: 'x' }, digits('limit')],
    [{ after_id: '-1' }, bad(`after_id must be from 0 to ${MAX}.`)],
    [{ after_id: '9999999999999999' }, bad('after_id must be an integer.')],
    [{ limit: '201' }, bad('limit must be from 1 to 200.')],
    // Every number's spelling before any range, as before.
    [{ after_id: '-1', limit: 'x' }, digits('limit')],
    [{ after_id: '-1', q: ['a', 'b'] }, bad(`after_id must be from 0 to ${MAX}.`)],
    [{ q: ['a', 'b'] }, bad('Send q once.')],
    [{ q: ' ' }, bad('q must not be empty.')],
    [{ q: 'a', wait: 'x' }, bad('wait cannot be combined with q.')],
    [{ q: 'a', wait: '' }, bad('wait cannot be combined with q.')],
    [{ wait: '31' }, bad('wait must be a number of seconds from 0 to 30.')],
    [{ wait: 'soon' }, bad('wait must be a number of seconds from 0 to 30.')],
    [{ wait: ['1', '2'] }, bad('wait must be a number of seconds from 0 to 30.')],
  ])('GET /api/emails/{email}?%j', (query, answer) => {
    expect(refusal('mailList', { params: email, query })).toEqual(answer);
  });

  it.each([
    [{}, bad('count is required.')],
    [{ count: '+3' }, digits('count')],
    [{ count: '0' }, bad('count must be from 1 to 100.')],
    [{ count: '3', domain: ' ' }, bad('domain must be one of the mail domains, given once.')],
    [
      { count: '3', domain: ['a', 'b'] },
      bad('domain must be one of the mail domains, given once.'),
    ],
  ])('POST /api/generate/batch?%j', (query, answer) => {
    expect(refusal('mailGenerateBatch', { query })).toEqual(answer);
  });

  it('refuses path ids and the attachment index with their own codes', () => {
    expect(refusal('mailGet', { params: { ...email, id: 'abc' } })).toEqual(
      bad('The mail id must be an integer.'),
    );
    expect(refusal('mailDelete', { params: { ...email, id: '0' } })).toEqual(
      bad(`id must be from 1 to ${MAX}.`),
    );
    expect(refusal('mailAttachment', { params: { ...email, id: '1', n: '-1' } })).toEqual({
      status: 404,
      code: 'MAIL_NOT_FOUND',
      message: 'The attachment index must be a number from 0.',
    });
    expect(refusal('keyDisable', { params: { id: 'abc' } })).toEqual({
      status: 400,
      code: 'SETTINGS_INVALID',
      message: '"abc" is not a key id.',
      reason: 'key_id_invalid',
    });
    expect(refusal('webhookTest', { params: { id: 'x'.repeat(50) } })).toEqual({
      status: 400,
      code: 'SETTINGS_INVALID',
      message: `"${'x'.repeat(40)}" is not a webhook id.`,
      reason: 'webhook_id_invalid',
    });
    expect(refusal('mailStream', { params: email, query: { after_id: '-1' } })).toEqual(
      bad(`after_id must be from 0 to ${MAX}.`),
    );
  });

  it.each([
    ['abc', 'float_parsing', 'Input should be a valid number, unable to parse string as a number'],
    ['-1', 'greater_than_equal', 'Input should be greater than or equal to 0'],
    ['31', 'less_than_equal', 'Input should be less than or equal to 30'],
  ])('GET /api/tasks/{id}?wait=%s is the 422 pydantic gives', (wait, type, msg) => {
    const answer = refusal('taskGet', { params: { token: 't' }, query: { wait } });
    expect(answer).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', message: msg });
    expect((answer as { validation: unknown[] }).validation).toEqual([
      expect.objectContaining({ type, loc: ['query', 'wait'], msg, input: wait }),
    ]);
  });
});
