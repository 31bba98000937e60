/** Spanish keywords. */

import { label, words, type LanguageKeywords } from './patterns.ts';

export const es: LanguageKeywords = {
  spaced: true,
  codeLabels: [
    label(
      ['digo'],
      words(
        String.raw`c[óo]digos?\s+(?:de\s+)?(?:verificaci[óo]n|seguridad|acceso|inicio\s+de\s+sesi[óo]n|un\s+solo\s+uso|uso\s+[úu]nico|validaci[óo]n|activaci[óo]n|autenticaci[óo]n|autorizaci[óo]n|temporal|[úu]nico|login|sms)`,
      ),
      1,
    ),
    label(['digo'], words(String.raw`c[óo]digos?\s+de\s+confirmaci[óo]n`), 1, 'confirmation'),
    label(
      ['clave', 'contrase'],
      words(
        String.raw`clave\s+(?:de\s+)?(?:acceso|confirmaci[óo]n|seguridad|verificaci[óo]n|temporal|un\s+solo\s+uso|din[áa]mica|[úu]nica)|contrase[ñn]a\s+(?:de\s+un\s+solo\s+uso|temporal|de\s+un\s+uso|[úu]nica)`,
      ),
      1,
    ),
    label(['digo'], words('c[óo]digos?'), 0.9),
    label(['clave'], words('clave'), 0.7),
  ],
  entryVerbs: {
    anchors: ['introduc', 'ingres', 'escribe'],
    phrases: ['introduce', 'introduzca', 'ingresa', 'ingrese', 'escribe'],
  },
  identifiers: [
    'pedido',
    String.raw`(?:n[úu]mero|n[º°o]\.?|n\.º)\s+de(?:l)?\s+pedido`,
    'factura',
    'recibo',
    'seguimiento',
    String.raw`c[óo]digos?\s+de\s+(?:seguimiento|barras|descuento)`,
    'env[íi]o',
    'referencia',
    String.raw`(?:n[úu]mero\s+de\s+)?cliente`,
    'reserva',
    String.raw`c[óo]digos?\s+de\s+reserva`,
    'localizador',
    'billete',
    'vuelo',
    'tren',
    'asiento',
    'tel[ée]fono',
    String.raw`llam[ae](?:\s+al)?`,
    String.raw`c[óo]digos?\s+postal`,
    String.raw`c\.\s?p\.`,
    String.raw`c[óo]digos?\s+promocional`,
    'cup[óo]n',
    'nif',
    'cif',
    'nie',
    String.raw`que\s+termina\s+en`,
    'final',
    'cuenta',
    'contrato',
    String.raw`apartado(?:\s+de\s+correos)?`,
  ],
  travel: ['vuelo', 'reserva', 'viaje'],
  meeting: [String.raw`id\s+de\s+reuni[óo]n`],
  receipt: ['recibo'],
  promo: ['descuento', 'ahorra', 'cup[oó]n'],
  footer: [String.raw`darse\s+de\s+baja`],
};
