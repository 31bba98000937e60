import { expect } from 'vitest';
import {
  parseFast,
  parseWithMailparser,
  type ParsedMessage,
} from '../../../../src-main/mail/parse/message-parser.ts';

/** A message from lines joined by `eol`, bytes as given (latin1 for the string parts). */
export function rawMail(lines: readonly string[], eol = '\r\n'): Buffer {
  return Buffer.from(lines.join(eol), 'latin1');
}

/** UTF-8 text as the latin1 string that stands for its bytes, for rawMail. */
export function utf8(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

/**
 * The fast path's answer for `raw`, after checking it is null or exactly mailparser's. With
 * `taken`, also that the fast path took (or declined) the message.
 */
export async function expectSame(
  raw: Buffer,
  taken?: boolean,
): Promise<{ fast: ParsedMessage | null; slow: ParsedMessage }> {
  const fast = parseFast(raw, 'envelope@example.net');
  const slow = await parseWithMailparser(raw, 'envelope@example.net');
  if (fast !== null) expect(fast).toStrictEqual(slow);
  if (taken !== undefined) expect(fast !== null, 'taken by the fast path').toBe(taken);
  return { fast, slow };
}
