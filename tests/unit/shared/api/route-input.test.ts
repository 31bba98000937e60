import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { routeList, routes } from '../../../../src-shared/api/routes.ts';

/** The `:name` segments of a pattern, in order. */
function paramNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
}

describe('the route table carries the schemas of its input', () => {
  it('gives every route with a path parameter a schema of exactly those parameters', () => {
    for (const [name, entry] of routeList) {
      const names = paramNames(entry.path);
      const schema = entry.input.params;
      if (names.length === 0) {
        expect(schema, `${name} has no :param, so no params schema`).toBeUndefined();
        continue;
      }
      expect(schema, `${name} (${entry.path}) needs a params schema`).toBeInstanceOf(z.ZodObject);
      const shape = (schema as z.ZodObject).shape;
      expect(Object.keys(shape).sort(), name).toEqual([...names].sort());
    }
  });

  it('gives a query schema to the routes that read a query, and only a refusal of a known field', () => {
    const withQuery = routeList.filter(([, entry]) => entry.input.query !== undefined);
    expect(withQuery.map(([name]) => name).sort()).toEqual(
      [
        'mailGenerate',
        'mailGenerateBatch',
        'mailList',
        'mailStream',
        'settingsMx',
        'taskGet',
      ].sort(),
    );
    for (const [name, entry] of routeList) {
      const fields = new Set<string>();
      for (const part of [entry.input.params, entry.input.query]) {
        if (part instanceof z.ZodObject) for (const key of Object.keys(part.shape)) fields.add(key);
        // A staged query (pipe): its first stage names the fields.
        if (part instanceof z.ZodPipe && part.in instanceof z.ZodPipe) {
          const first = part.in.in;
          if (first instanceof z.ZodObject)
            for (const key of Object.keys(first.shape)) fields.add(key);
        }
      }
      for (const field of Object.keys(entry.input.refusals ?? {})) {
        expect(fields.has(field), `${name} refuses ${field}, which it does not read`).toBe(true);
      }
    }
  });

  it('builds URLs from the input type: numbers and text alike', () => {
    expect(routes.mailGenerateBatch.url({}, { count: 3, domain: 'x.test' })).toBe(
      '/api/generate/batch?count=3&domain=x.test',
    );
    expect(routes.taskGet.url({ token: 't' }, { wait: 30 })).toBe('/api/tasks/t?wait=30');
    expect(routes.mailStream.url({ email: 'e' }, { after_id: '7' })).toBe('/ws/e?after_id=7');
  });
});
