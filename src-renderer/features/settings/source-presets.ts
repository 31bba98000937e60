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
  /** What the user name looks like there (the field's placeholder). */
  username: string;
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
    username: 'you@gmail.com',
    oauth: 'google',
  },
  {
    id: 'outlook',
    name: 'Outlook / Microsoft 365',
    host: 'outlook.office365.com',
    port: 993,
    tls: 'implicit',
    username: 'you@outlook.com',
    oauthOnly: true,
    oauth: 'microsoft',
  },
  {
    id: 'qq',
    name: 'QQ Mail',
    host: 'imap.qq.com',
    port: 993,
    tls: 'implicit',
    username: '12345@qq.com',
  },
  {
    id: '163',
    name: '163 Mail',
    host: 'imap.163.com',
    port: 993,
    tls: 'implicit',
    username: 'you@163.com',
  },
  {
    id: 'fastmail',
    name: 'Fastmail',
    host: 'imap.fastmail.com',
    port: 993,
    tls: 'implicit',
    username: 'you@fastmail.com',
  },
  {
    id: 'icloud',
    name: 'iCloud Mail',
    host: 'imap.mail.me.com',
    port: 993,
    tls: 'implicit',
    username: 'you@icloud.com',
  },
  {
    id: 'yahoo',
    name: 'Yahoo Mail',
    host: 'imap.mail.yahoo.com',
    port: 993,
    tls: 'implicit',
    username: 'you@yahoo.com',
  },
  { id: 'custom', name: null, host: '', port: 993, tls: 'implicit', username: 'you@example.org' },
];
