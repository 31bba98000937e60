/** Spanish words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const es: LinkWords = {
  action: [
    'inicio de sesión',
    'apru[eé]b',
    'verific',
    'activar',
    'iniciar sesión',
    'restablecer',
    'contraseña',
    'aprobar',
    'soy yo',
    'acceder',
    'era yo',
    'fui yo',
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
  remedy: [
    'si no (?:realizaste|hiciste|reconoces)',
    'si no(?:,| fuiste| eras| has sido| reconoces)',
    'de lo contrario',
  ],
  notice: [
    'alerta de seguridad',
    'nuevo dispositivo',
    'nuevo inicio de sesión',
    'se ha cambiado',
    'pedido',
    'envío',
    'recibo',
    'factura',
    'reserva',
    'paquete',
    'invitado',
  ],
  ignore: ['ignora'],
};
