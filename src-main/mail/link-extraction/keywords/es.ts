/** Spanish words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const es: LinkWords = {
  action: [
    'verific',
    'activar',
    'iniciar sesión',
    'restablecer',
    'contraseña',
    'aprobar',
    'soy yo',
    'acceder',
  ],
  decoy: [
    'darse de baja',
    'darme de baja',
    'privacidad',
    'ayuda',
    'denuncia',
    'proteger',
    'bloquear',
    'no fuiste',
  ],
  remedy: ['si no(?:,| fuiste| eras| has sido| reconoces)', 'de lo contrario'],
  ignore: ['ignora'],
};
