/** Dutch words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const nl: LinkWords = {
  action: [
    'dat was ik',
    'bevestig',
    'verifieer',
    'activeer',
    'inloggen',
    'wachtwoord',
    'goedkeur',
    'dat ben ik',
    'inlog',
    'in te loggen',
  ],
  decoy: [
    'afmelden',
    'privacybeleid',
    'klantenservice',
    'meld het',
    'beveilig',
    'blokkeren',
    'niet jij',
    'bekijk in',
  ],
  remedy: [
    'als je dit niet (?:was|herkent)',
    'zo niet',
    'was jij dit niet',
    'was u dit niet',
    'als (?:jij|u) dit niet (?:was|bent)',
  ],
  notice: [
    'beveiligingsmelding',
    'nieuw apparaat',
    'nieuwe aanmelding',
    'is gewijzigd',
    'bestelling',
    'orderbevestiging',
    'verzonden',
    'factuur',
    'betaalbewijs',
    'boeking',
    'pakket',
    'uitgenodigd',
  ],
  ignore: ['negeer', 'negeren'],
};
