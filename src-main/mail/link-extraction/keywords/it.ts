/** Italian words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const it: LinkWords = {
  action: [
    'verific',
    'attiva',
    'accedi',
    'reimposta',
    'approva',
    'autorizza',
    'sono io',
    'conferm',
    'acced',
    'accesso',
  ],
  decoy: [
    'annulla iscrizione',
    'disiscriv',
    'assistenza',
    'segnala',
    'proteggi',
    'blocca',
    'non sei',
  ],
  remedy: ['altrimenti', 'in caso contrario', 'se non sei stato tu', 'se non riconosci'],
  ignore: ['ignora'],
};
