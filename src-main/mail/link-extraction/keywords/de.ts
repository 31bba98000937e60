/** German words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const de: LinkWords = {
  action: [
    'bestätig',
    'verifizier',
    'aktivier',
    'anmeld',
    'einlogg',
    'zurücksetz',
    'passwort',
    'freigeb',
    'freigabe',
    'das war ich',
  ],
  decoy: [
    'abmelden',
    'abbestellen',
    'im browser',
    'datenschutz',
    'hilfe',
    'agb',
    'melde es',
    'sichern',
    'blockieren',
    'nicht du',
    'nicht sie',
    'waren sie das nicht',
    'kundenservice',
  ],
  remedy: [
    'wenn nicht',
    'falls nicht',
    '(?:wenn|falls) (?:sie|du) (?:das|dies) nicht (?:waren|warst)',
    'waren sie das nicht',
    'warst du das nicht',
  ],
  ignore: ['ignorier'],
};
