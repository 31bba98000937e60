/** French words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const fr: LinkWords = {
  action: [
    'vérifi',
    'valider',
    'activer',
    'connecter',
    'connexion',
    'réinitialis',
    'mot de passe',
    'approuver',
    "c'est moi",
    "c'était moi",
  ],
  decoy: [
    'protéger',
    'désabonner',
    'désinscri',
    'navigateur',
    'confidentialité',
    'aide',
    'assistance',
    'signale',
    'sécuriser',
    'bloquer',
    'pas vous',
    'cgu',
    'conditions',
  ],
  remedy: [
    "si vous n'(?:avez|êtes) pas (?:effectué|à l'origine de cette connexion|connecté)",
    'sinon',
    "si ce n'(?:était|est) pas vous",
    'si vous ne reconnaissez pas',
  ],
  notice: [
    'alerte de sécurité',
    'nouvel appareil',
    'nouvelle connexion',
    'a été modifié',
    'commande',
    'expédi',
    'reçu',
    'facture',
    'réservation',
    'colis',
    'invite',
  ],
  ignore: ['ignor'],
};
