/** Polish keywords. Polish declines the noun: kod, kodu, kodem. */

import { label, words, type LanguageKeywords } from './patterns.ts';

export const pl: LanguageKeywords = {
  spaced: true,
  codeLabels: [
    label(
      ['kod', 'hasł'],
      words(
        String.raw`kod(?:u|em)?\s+(?:weryfikacyjn\p{L}*|jednorazow\p{L}*|sms|potwierdzając\p{L}*|potwierdzenia|bezpieczeństwa|dostępu|autoryzacyjn\p{L}*|autoryzacji|logowania|aktywacyjn\p{L}*|aktywacji|uwierzytelniając\p{L}*|blik)|jednorazow\p{L}*\s+(?:kod\p{L}*|hasł\p{L}*)|hasł(?:o|a|em)\s+jednorazow\p{L}*`,
      ),
      1,
    ),
    label(['kod'], words('kod(?:u|em|zie)?'), 0.9),
  ],
  entryVerbs: { anchors: ['wpisz', 'wprowadź', 'podaj'], phrases: ['wpisz', 'wprowadź', 'podaj'] },
  identifiers: [
    String.raw`(?:numer|nr\.?)\s+(?:zamówienia|przesyłki|faktury|konta|rachunku|telefonu|klienta|referencyjny|paczki|sprawy|zgłoszenia)`,
    String.raw`zamówieni\p{L}*`,
    String.raw`przesyłk\p{L}*`,
    String.raw`faktur\p{L}*`,
    String.raw`kod(?:u|em)?\s+(?:pocztow\p{L}*|rabatow\p{L}*|promocyjn\p{L}*|odbioru|kuponu|zniżkow\p{L}*|klienta|produktu|towaru|rabatu)`,
    'infolinia',
    'nip',
    'regon',
    'krs',
    'rachunek',
  ],
  travel: [String.raw`rezerwacj\p{L}*`, String.raw`bilet\p{L}*`, String.raw`podróż\p{L}*`],
  meeting: [],
  receipt: ['suma', 'razem', String.raw`do\s+zapłaty`, 'paragon'],
  promo: [
    String.raw`rabat\p{L}*`,
    String.raw`zniżk\p{L}*`,
    String.raw`promocj\p{L}*`,
    String.raw`wyprzedaż\p{L}*`,
  ],
  footer: [String.raw`wypisz\s+się`, String.raw`wszelkie\s+prawa\s+zastrzeżone`],
};
