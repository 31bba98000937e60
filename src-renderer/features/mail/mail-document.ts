import { sanitiseMail } from './mail-sanitise.ts';

/** The frame's document and whether the mail asked for anything remote. */
export interface MailDocument {
  srcdoc: string;
  /** Remote images, backgrounds and fonts the mail references (kept only when allowed). */
  remote: number;
}

/**
 * The frame's own policy, the second fence after the sanitiser: no script at all, no forms, no
 * plugins, nothing fetched except images and fonts carried inside the mail, and remote images
 * and fonts only once the person allowed them for this mail. Stylesheets never load from the
 * network (the sanitiser drops `<link>` and `@import`), so remote CSS stays out even then.
 */
export function mailCsp(allowRemote: boolean): string {
  const remote = allowRemote ? ' https: http:' : '';
  return [
    "default-src 'none'",
    "script-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src data: blob:${remote}`,
    `font-src data:${remote}`,
    `media-src data:${remote}`,
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

const BASE_CSS =
  'html{color-scheme:light}body{margin:20px;font:15px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d1d1f;background:#fff;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%}';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The srcdoc of the sandboxed frame a mail is shown in: the sanitised mail under the frame's
 * CSP. The frame never has `allow-scripts`, so even markup that slipped through cannot run; it
 * has `allow-same-origin` only on a phone, where the page fits it to the mail (`mail-frame.tsx`).
 */
export function mailDocument(html: string, allowRemote: boolean): MailDocument {
  const mail = sanitiseMail(html, allowRemote);
  const bodyStyle = mail.bodyStyle ? ` style="${escapeAttribute(mail.bodyStyle)}"` : '';
  const srcdoc = `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${mailCsp(allowRemote)}">
<meta name="referrer" content="no-referrer">
<base target="_blank">
<style>${BASE_CSS}</style>
<style>${mail.css}</style>
</head><body${bodyStyle}>${mail.body}</body></html>`;
  return { srcdoc, remote: mail.remote };
}
