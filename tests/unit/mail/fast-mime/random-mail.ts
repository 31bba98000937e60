/** Deterministic pseudo-random numbers (mulberry32), so a failure reproduces from its seed. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(next: () => number, items: readonly T[]): T {
  const item = items[Math.floor(next() * items.length)];
  if (item === undefined) throw new Error('nothing to pick');
  return item;
}

const latin1 = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');

/** Pieces of address and subject headers that steer the parsers: syntax, words, folds. */
const HEADER_TOKENS = [
  'John',
  ' ',
  '"',
  '"Zoë"',
  latin1('Zoë 张三'),
  '\xe9t\xe9',
  '<',
  '>',
  'a@example.com',
  'b@xn--bcher-kva.example',
  '@',
  ',',
  ';',
  'Team:',
  '(comment)',
  '(',
  ')',
  '\\',
  '\t',
  '\r\n ',
  '\r\n\t',
  `=?utf-8?B?${Buffer.from('Zoë Café').toString('base64')}?=`,
  '=?UTF-8?Q?Z=C3=B6e_Caf=C3=A9?=',
  '=?iso-8859-1?Q?caf=E9?=',
  '=?gbk?B?1cXI/Q==?=',
  '=?x-bad?Q?abc?=',
  '=?utf-8?B?broken',
  '?=',
  '=?utf-8?Q?a?= =?utf-8?Q?b?=',
  '=?utf-8?B?QUJD?=@example.com',
  'user@[1.2.3.4]',
  'undisclosed-recipients:;',
  '""',
  'mailto:x@y',
  '.',
  '\x01',
];

/** A header value of one to eight tokens. */
export function headerValue(next: () => number): string {
  return Array.from({ length: 1 + Math.floor(next() * 8) }, () => pick(next, HEADER_TOKENS)).join(
    '',
  );
}
