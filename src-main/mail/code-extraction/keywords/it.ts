/** Italian keywords. */

import { label, words, type LanguageKeywords } from './patterns.ts';

export const it: LanguageKeywords = {
  spaced: true,
  codeLabels: [
    label(
      ['codic', 'password'],
      words(
        String.raw`codic[ei]\s+(?:di\s+|d['’]\s?)?(?:verifica|sicurezza|accesso|autorizzazione|attivazione|autenticazione|identificazione|controllo|otp|monouso|temporaneo|usa\s+e\s+getta|dispositivo|sms|login|una\s+tantum)|password\s+(?:monouso|temporanea|usa\s+e\s+getta|una\s+tantum|dispositiva)`,
      ),
      1,
    ),
    label(['codic'], words(String.raw`codic[ei]\s+di\s+conferma`), 1, 'confirmation'),
    label(['codic'], words('codic[ei]'), 0.9),
  ],
  entryVerbs: {
    anchors: ['inserisc', 'inserire', 'immetti'],
    phrases: ['inserisci', 'inserisca', 'inserire', 'immetti'],
  },
  identifiers: [
    'ordine',
    String.raw`(?:numero|n\.?|nr\.?)\s+(?:d['’]\s?|dell['’]\s?|di\s+)?ordine`,
    'fattura',
    'ricevuta',
    'spedizione',
    String.raw`codic[ei]\s+(?:di\s+)?(?:tracciamento|spedizione|sconto|promozionale|promo|coupon|fiscale|cliente|utente|contratto|articolo|prodotto|pratica|postale|a\s+barre|prenotazione|regalo)`,
    'cap',
    String.raw`p\.?\s?iva`,
    String.raw`partita\s+iva`,
    'telefono',
    String.raw`chiama(?:ci|re)?`,
    String.raw`numero\s+verde`,
    String.raw`servizio\s+clienti`,
    'conto',
    String.raw`termina(?:nte)?\s+(?:con|in)`,
    'prenotazione',
    'volo',
    'treno',
    'posto',
    'carrozza',
    'pratica',
  ],
  travel: ['volo', 'prenotazione', 'viaggio', 'biglietto', 'albergo'],
  meeting: [String.raw`id\s+(?:della\s+)?riunione`],
  receipt: ['ricevuta', 'totale', 'scontrino', 'importo'],
  promo: ['sconto', 'sconti', 'saldi', 'promozione', 'offerta'],
  footer: [
    String.raw`annulla\s+(?:l['’]\s?)?iscrizione`,
    'disiscriviti',
    String.raw`tutti\s+i\s+diritti\s+riservati`,
  ],
};
