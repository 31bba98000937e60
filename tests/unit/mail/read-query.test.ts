import { describe, expect, it } from 'vitest';
import { checkReadQuery } from '../../../src-main/mail/read/read-query.ts';

describe('checkReadQuery', () => {
  it('defaults to after_id 0 and limit 50', () => {
    expect(checkReadQuery(undefined, undefined)).toEqual({ afterId: 0, limit: 50 });
  });

  it('accepts the edges: limit 1 and 200, after_id 0', () => {
    expect(checkReadQuery(0, 1)).toEqual({ afterId: 0, limit: 1 });
    expect(checkReadQuery(7, 200)).toEqual({ afterId: 7, limit: 200 });
  });

  it.each([
    [undefined, 0, 'limit must be from 1 to 200.'],
    [undefined, 201, 'limit must be from 1 to 200.'],
    [undefined, 1.5, 'limit must be an integer.'],
    [undefined, '5', 'limit must be an integer.'],
    [-1, undefined, 'after_id must be from 0 to 9007199254740991.'],
    [null, undefined, 'after_id must be an integer.'],
    [2 ** 60, undefined, 'after_id must be an integer.'],
  ])('after_id %j, limit %j → 400', (afterId, limit, message) => {
    expect(() => checkReadQuery(afterId, limit)).toThrow(
      expect.objectContaining({ status: 400, message }),
    );
  });
});
