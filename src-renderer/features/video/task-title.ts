/**
 * What a task card is called before (or without) the platform's own title: the link the person
 * pasted, shortened to host and path, so two failed tasks can be told apart. Null when the text
 * holds no link (the card then falls back to the platform's name).
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
  return label.length > 64 ? `${label.slice(0, 63)}…` : label;
}
