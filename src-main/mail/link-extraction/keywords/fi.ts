/** Finnish words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const fi: LinkWords = {
  action: ['vahvista', 'aktivoi', 'kirjaudu', 'kirjaut', 'salasana', 'hyväksy', 'se olin minä'],
  decoy: [
    'peru tilaus',
    'selaimessa',
    'tietosuoja',
    'ohjeet',
    'asiakaspalvelu',
    'ilmoita',
    'suojaa',
    'estä',
    'et ollut',
    '-asetukse',
    'verkkoversio',
    'kutsu',
    'liity',
    '-turvallisuu',
    'toiminta',
  ],
  remedy: ['muussa tapauksessa', 'jos et(?:,| tehnyt| tunnista| ollut)', 'jos se ei ollut'],
  notice: [
    'turvallisuusilmoitus',
    'uusi laite',
    'uusi kirjautuminen',
    'on vaihdettu',
    'tilaus',
    'tilausvahvistus',
    'lähetetty',
    'kuitti',
    'lasku',
    'varaus',
    'paketti',
    'kutsui',
  ],
  ignore: ['huomiotta', 'ohittaa'],
};
