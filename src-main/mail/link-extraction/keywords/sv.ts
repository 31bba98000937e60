/** Swedish words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const sv: LinkWords = {
  action: [
    'bekräfta',
    'verifiera',
    'aktivera',
    'logga in',
    'återställ',
    'lösenord',
    'godkänn',
    'det var jag',
  ],
  decoy: [
    'avregistrera',
    'webbläsaren',
    'integritet',
    'hjälp',
    'kundservice',
    'rapportera',
    'skydda',
    'blockera',
    'inte du',
    '-inställningar',
    'webbversion',
    'inbjudan',
    'gå med',
  ],
  remedy: ['annars', 'om inte', 'om det inte var du'],
  notice: [
    'säkerhetsvarning',
    'ny enhet',
    'ny inloggning',
    'har ändrats',
    'order',
    'orderbekräftelse',
    'beställning',
    'skickat',
    'kvitto',
    'faktura',
    'bokning',
    'paket',
    'bjudit in',
  ],
  ignore: ['ignorera', 'bortse'],
};
