/** Dutch keywords. The bare word "code" is in en.ts. */

import { label, words, type LanguageKeywords } from './patterns.ts';

export const nl: LanguageKeywords = {
  spaced: true,
  codeLabels: [
    label(
      ['code', 'wachtwoord'],
      words(
        String.raw`(?:verificatie|beveiligings|bevestigings|inlog|login|aanmeld|toegangs|activatie|authenticatie|controle|sms|pin|eenmalige?\s+|tijdelijke\s+)-?codes?|(?:eenmalig|tijdelijk)\s+wachtwoord`,
      ),
      1,
    ),
  ],
  entryVerbs: { anchors: ['invoeren', 'invullen'], phrases: ['invoeren', 'invullen'] },
  identifiers: [
    String.raw`bestel(?:nummer|ling(?:snummer)?)`,
    'ordernummer',
    String.raw`factuur(?:nummer)?`,
    String.raw`klant(?:nummer)?`,
    String.raw`track\s*(?:&|en)\s*trace(?:-?code)?`,
    'trackingcode',
    String.raw`zending(?:snummer)?`,
    String.raw`pakket(?:nummer)?`,
    'kortingscode',
    'klantcode',
    'productcode',
    'artikelcode',
    'actiecode',
    'cadeaucode',
    'couponcode',
    String.raw`telefoon(?:nummer)?`,
    String.raw`bel(?:\s+ons)?`,
    'klantenservice',
    String.raw`kvk(?:-?nummer)?`,
    String.raw`btw(?:-?nummer)?`,
    String.raw`rekening(?:nummer)?`,
    String.raw`referentie(?:nummer)?`,
    String.raw`reservering(?:snummer)?`,
    'postbus',
  ],
  travel: ['vlucht', 'reservering', 'boeking', 'reis'],
  meeting: [String.raw`vergader-?id`],
  receipt: ['totaal', 'kassabon', 'factuur'],
  promo: ['korting', 'aanbieding', 'uitverkoop', 'kortingscode'],
  footer: ['afmelden', 'uitschrijven', String.raw`alle\s+rechten\s+voorbehouden`],
};
