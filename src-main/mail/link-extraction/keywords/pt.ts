/** Portuguese words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const pt: LinkWords = {
  action: [
    'palavra-passe',
    'era eu',
    'verific',
    'ativar',
    'entrar',
    'redefinir',
    'senha',
    'aprovar',
    'fui eu',
    'acessar',
  ],
  decoy: [
    'descadastr',
    'cancelar inscrição',
    'privacidade',
    'ajuda',
    'denúncia',
    'denuncie',
    'proteger',
    'bloquear',
    'não foi você',
  ],
  remedy: [
    'se você não (?:reconhece|fez|realizou|foi)',
    'se não foi',
    'caso contrário',
    'se não reconhece',
  ],
  notice: [
    'alerta de segurança',
    'novo dispositivo',
    'novo acesso',
    'foi alterad',
    'pedido',
    'encomenda',
    'envio',
    'recibo',
    'fatura',
    'reserva',
    'pacote',
    'convidou',
  ],
  ignore: ['ignore', 'ignorar'],
};
