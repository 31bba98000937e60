import type { OAuthPresetId } from '../../../src-shared/mail/oauth-presets.ts';
import type { SourceTls } from '../../../src-shared/mail/sources.ts';

/** Where the common providers' IMAP servers are (docs/mail-in.md "Providers"). */
export interface SourcePreset {
  id: string;
  /** A brand name, the same in every language; null: the "custom server" entry. */
  name: string | null;
  host: string;
  port: number;
  tls: SourceTls;
  /** The provider signs in by OAuth only: password log-in will be refused. */
  oauthOnly?: boolean;
  /** Its OAuth sign-in (src-shared/mail/oauth-presets.ts), where Ephemera has one. */
  oauth?: OAuthPresetId;
}

export const SOURCE_PRESETS: readonly SourcePreset[] = [
  {
    id: 'gmail',
    name: 'Gmail',
    host: 'imap.gmail.com',
    port: 993,
    tls: 'implicit',
    oauth: 'google',
  },
  {
    id: 'outlook',
    name: 'Outlook / Microsoft 365',
    host: 'outlook.office365.com',
    port: 993,
    tls: 'implicit',
    oauthOnly: true,
    oauth: 'microsoft',
  },
  { id: 'fastmail', name: 'Fastmail', host: 'imap.fastmail.com', port: 993, tls: 'implicit' },
  { id: 'icloud', name: 'iCloud Mail', host: 'imap.mail.me.com', port: 993, tls: 'implicit' },
  { id: 'yahoo', name: 'Yahoo Mail', host: 'imap.mail.yahoo.com', port: 993, tls: 'implicit' },
  { id: 'custom', name: null, host: '', port: 993, tls: 'implicit' },
];
