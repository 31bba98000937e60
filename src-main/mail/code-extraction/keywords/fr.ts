/** French keywords. The bare word "code" is in en.ts. */

import { label, words, type LanguageKeywords } from './patterns.ts';

export const fr: LanguageKeywords = {
  spaced: true,
  codeLabels: [
    label(
      ['code', 'mot'],
      words(
        String.raw`codes?\s+(?:de\s+|d['’]\s?)?(?:v[ée]rification|s[ée]curit[ée]|connexion|validation|activation|authentification|acc[èe]s|identification|(?:à\s+)?usage\s+unique|unique|temporaire|sms)|mots?\s+de\s+passe\s+(?:à\s+usage\s+unique|temporaire|unique|provisoire)`,
      ),
      1,
    ),
    label(['confirmation'], words(String.raw`codes?\s+de\s+confirmation`), 1, 'confirmation'),
  ],
  entryVerbs: {
    anchors: ['saisi', 'entrez', 'tapez'],
    phrases: ['saisissez', 'saisir', 'entrez', 'tapez'],
  },
  identifiers: [
    'commande',
    String.raw`(?:num[ée]ro|n°|no)\s+de\s+commande`,
    'facture',
    're[çc]u',
    'suivi',
    'colis',
    String.raw`r[ée]f[ée]rence(?:\s+(?:de\s+)?dossier)?`,
    String.raw`r[ée]f\.?`,
    String.raw`(?:num[ée]ro\s+)?client`,
    'dossier',
    'r[ée]servation',
    'billet',
    'vol',
    'voiture',
    'place',
    't[ée]l[ée]phone',
    String.raw`t[ée]l\.?`,
    String.raw`appelez(?:\s+le)?`,
    String.raw`codes?\s+postal`,
    'cp',
    String.raw`codes?\s+promo`,
    String.raw`codes?\s+(?:de\s+)?r[ée]duction`,
    String.raw`codes?\s+avantage`,
    String.raw`codes?\s+cadeau`,
    'siret',
    'siren',
    'rcs',
    'tva',
    String.raw`se\s+terminant\s+par`,
    'contrat',
    String.raw`bo[iî]te\s+postale`,
  ],
  travel: ['r[ée]servation', 'voyage', 'billet'],
  meeting: [String.raw`id\s+de\s+(?:la\s+)?r[ée]union`],
  receipt: ['re[çc]u', String.raw`ticket\s+de\s+caisse`],
  promo: ['r[ée]duction', 'remise', 'soldes'],
  footer: [String.raw`d[ée]sinscri\p{L}*`, String.raw`se\s+d[ée]sabonner`],
};
