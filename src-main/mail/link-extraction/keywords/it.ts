/** Italian words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const it: LinkWords = {
  action: [
    'sono stato io',
    'ero io',
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
  remedy: [
    'se non hai effettuato',
    'altrimenti',
    'in caso contrario',
    'se non sei stato tu',
    'se non riconosci',
  ],
  notice: [
    'avviso di sicurezza',
    'nuovo dispositivo',
    'nuovo accesso',
    'è stata modificata',
    'ordine',
    'spedizion',
    'ricevuta',
    'fattura',
    'prenotazione',
    'pacco',
    'invitato',
  ],
  ignore: ['ignora'],
};
