/** Finnish keywords. Finnish compounds and inflects the noun: vahvistuskoodi, koodisi, koodin. */

import { label, words, type LanguageKeywords } from './patterns.ts';

export const fi: LanguageKeywords = {
  spaced: true,
  codeLabels: [
    label(
      ['koodi', 'salasana'],
      words(
        String.raw`(?:vahvistus|varmennus|varmistus|tunnistus|tunnistautumis|todennus|suojaus|turva|kirjautumis|kertakäyttö|aktivointi|tarkistus|sisäänkirjautumis|pääsy)koodi\p{L}*|kertakäyttöi\p{L}*\s+(?:koodi|salasana)\p{L}*`,
      ),
      1,
    ),
    label(['koodi'], words(String.raw`koodi\p{L}{0,4}`), 0.9),
    label(['salasana'], words(String.raw`salasana\p{L}{0,4}`), 0.6, 'passcode'),
  ],
  entryVerbs: { anchors: ['syötä', 'kirjoita'], phrases: ['syötä', 'kirjoita'] },
  identifiers: [
    String.raw`tilaus(?:numero)?\p{L}*`,
    String.raw`lasku(?:n\s+numero|numero)?`,
    String.raw`viite(?:numero)?`,
    String.raw`seuranta(?:koodi|numero|tunnus)\p{L}*`,
    String.raw`lähetys(?:tunnus|numero)`,
    'postinumero',
    String.raw`(?:alennus|kampanja|lahja|asiakas|tuote)koodi\p{L}*`,
    String.raw`puh(?:elin)?\.?`,
    'asiakaspalvelu',
    'asiakasnumero',
    'y-tunnus',
    'tilinumero',
  ],
  travel: ['lento', 'varaus', 'matka', 'hotelli'],
  meeting: [],
  receipt: ['yhteensä', 'kuitti', 'summa'],
  promo: ['alennus', 'kampanja', 'tarjous'],
  footer: [String.raw`peru\s+tilaus`, String.raw`kaikki\s+oikeudet\s+pidätetään`],
};
