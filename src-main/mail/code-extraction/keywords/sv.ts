/** Swedish keywords. */

import { label, words, type LanguageKeywords } from './patterns.ts';

export const sv: LanguageKeywords = {
  spaced: true,
  codeLabels: [
    label(
      ['kod', 'lösenord'],
      words(
        String.raw`(?:verifierings|verifikations|kontroll|engångs|säkerhets|inloggnings|bekräftelse|aktiverings|behörighets|autentiserings|sms-?|pin-?)kod(?:en|er)?|engångslösenord(?:et)?`,
      ),
      1,
    ),
    label(['kod'], words('kod(?:en)?'), 0.9),
  ],
  identifiers: [
    String.raw`order(?:nummer|nr\.?)`,
    String.raw`beställning(?:snummer)?`,
    String.raw`faktura(?:nummer)?`,
    String.raw`kund(?:nummer|tjänst)`,
    String.raw`spårnings(?:nummer|id)`,
    String.raw`kolli(?:-?id|nummer)`,
    'postnummer',
    String.raw`(?:rabatt|kampanj|present|kund|produkt|artikel)kod(?:en)?`,
    String.raw`telefon(?:nummer)?`,
    String.raw`org\.?\s?nr\.?`,
    'organisationsnummer',
    'bankgiro',
    String.raw`ocr(?:-nummer)?`,
    'kontonummer',
    'personnummer',
  ],
  travel: ['flyg', 'bokning', 'resa', 'hotell'],
  meeting: [],
  receipt: ['totalt', 'summa', 'kvitto'],
  promo: ['rabatt', 'rea', 'erbjudande'],
  footer: [
    'avregistrera',
    String.raw`avsluta\s+prenumeration`,
    String.raw`alla\s+rättigheter\s+förbehållna`,
  ],
};
