/** Tags a mail may not bring into its frame: they could navigate it or override our policy. */
const STRIPPED = /<\s*(meta|base|script|iframe|object|embed|link)\b[^>]*>/gi;

/** Whether the HTML names anything it would load from the network (images, fonts, CSS). */
export function hasRemoteContent(html: string): boolean {
  return /(?:src|background|poster)\s*=\s*["']?\s*(?:https?:)?\/\/|url\(\s*["']?\s*(?:https?:)?\/\//i.test(
    html,
  );
}

/**
 * The srcdoc of the sandboxed frame a mail is shown in. The frame runs no script (the sandbox
 * has no allow-scripts) and its own CSP loads nothing from the network unless `allowRemote`.
 */
export function mailDocument(html: string, allowRemote: boolean): string {
  const remote = allowRemote ? ' https: http:' : '';
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'" + remote,
    `img-src data:${remote}`,
    `font-src data:${remote}`,
  ].join('; ');
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<base target="_blank">
<style>html{color-scheme:light}body{margin:20px;font:15px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d1d1f;background:#fff;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%}</style>
</head><body>${html.replace(STRIPPED, '')}</body></html>`;
}
