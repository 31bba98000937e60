/** Polish words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const pl: LinkWords = {
  action: [
    'potwierd',
    'zweryfikuj',
    'aktywuj',
    'zaloguj',
    'zresetuj',
    'resetuj',
    'hasł',
    'zatwierd',
    'zalogow',
    'logowani',
    'to ja',
  ],
  decoy: [
    'wypisz',
    'przeglądar',
    'prywatnoś',
    'pomoc',
    'regulamin',
    'zgłoś',
    'zabezpiecz',
    'zablokuj',
    'nie ty',
  ],
  remedy: ['jeśli nie,', 'jeżeli nie,', 'jeśli to nie (?:ty|ty\\b)', 'w przeciwnym razie'],
  notice: [
    'alert bezpieczeństwa',
    'nowe urządzenie',
    'nowym urządzeniu',
    'nowe logowanie',
    'został[ao]? zmienion',
    'zamówieni',
    'wysłan',
    'rachun',
    'faktur',
    'rezerwacj',
    'paczk',
    'zaprasza',
  ],
  ignore: ['zignoruj', 'zignorować', 'zignorow'],
};
