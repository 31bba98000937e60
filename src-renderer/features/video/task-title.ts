/**
 * What a task card is called before (or without) the platform's own title: the link the person
 * pasted, shortened to host and path, so two failed tasks can be told apart. Null when the text
 * holds no link (the card then falls back to the platform's name). At most 64 characters.
 */
export function linkLabel(text: string): string | null {
  const match = /https?:\/\/[^\s<>"']+/i.exec(text);
  if (!match) return null;
  let url: URL;
  try {
    url = new URL(match[0]);
  } catch {
    return null;
  }
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  const label = `${url.host}${path}`;
  if (label.length <= MAX_LABEL) return label;
  // Too long: the middle goes, since the end (a video id) is what tells two tasks apart.
  const tail = path.slice(-(MAX_LABEL - url.host.length - 2));
  const from = tail.indexOf('/');
  return `${url.host}/…${from > 0 ? tail.slice(from) : tail}`;
}

const MAX_LABEL = 64;

/**
 * A link label cut into the pieces a line may end after: after `/`, `?`, `&`, `=`, `.`, `@`
 * and `-`, as a URL is read, so a narrow card wraps "www.tiktok.com/" + "@name/video/…"
 * instead of in the middle of a name or an id (the card puts a <wbr> between pieces).
 */
export function linkPieces(label: string): string[] {
  return label.split(/(?<=[/?&=.@-])/u).filter((piece) => piece !== '');
}
