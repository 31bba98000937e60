/**
 * Multilingual phrases (en, zh, ja, ko, ru, de, fr, es, pt). Three families:
 * - code labels: phrases that announce a verification code ("verification code", 验证码, 認証コード);
 * - identifier labels: phrases that announce some other number (order, tracking, phone, postal
 *   code, promo code...). A number right after one of these is never the code;
 * - context cues: travel and meeting mails (where "confirmation code" and "passcode" mean a
 *   booking reference or a meeting password), promotions, and footers.
 */

/** What a code label means, for the two families whose meaning depends on the mail. */
export type LabelKind = 'code' | 'confirmation' | 'passcode' | 'payment';

export interface LabelPattern {
  re: RegExp;
  weight: number;
  kind: LabelKind;
  /**
   * Lower-case fragments, one of which every match contains. The regex runs only on text that
   * holds one: a cheap `includes` spares most patterns on most mails.
   */
  anchors: readonly string[];
}

const BEFORE = String.raw`(?<![\p{L}\p{N}])`;
const AFTER = String.raw`(?![\p{L}\p{N}])`;

/** Word-bounded, case-insensitive: for scripts with spaces between words. */
function words(source: string, caseSensitive = false): RegExp {
  return new RegExp(`${BEFORE}(?:${source})${AFTER}`, caseSensitive ? 'gu' : 'giu');
}

/** Unbounded: for Chinese, Japanese and Korean, where labels run into the next word. */
function runs(source: string): RegExp {
  return new RegExp(source, 'gu');
}

const label = (
  anchors: readonly string[],
  re: RegExp,
  weight: number,
  kind: LabelKind = 'code',
): LabelPattern => ({ re, weight, kind, anchors });

const EN_QUALIFIERS = [
  'verification',
  'verify',
  'security',
  'secure',
  'log-?in',
  'log on',
  'logon',
  'sign[- ]?in',
  'sign[- ]?on',
  'one[- ]?time',
  'single[- ]use',
  'authentication',
  'authenticator',
  '2fa',
  'two[- ](?:factor|step)',
  '2-step',
  'multi[- ]factor',
  'mfa',
  'access',
  'activation',
  'validation',
  'temporary',
  'device',
  'e-?mail',
  'withdrawal',
  'recovery',
  'registration',
  'steam guard',
  'sms',
].join('|');

const DE_PREFIXES = [
  'bestätigungs',
  'bestätigung',
  'verifizierungs',
  'verifizierung',
  'verifikations',
  'sicherheits',
  'einmal',
  'anmelde',
  'login',
  'zugangs',
  'authentifizierungs',
  'authentisierungs',
  'prüf',
  'freigabe',
  'aktivierungs',
  'registrierungs',
  'zwei-?faktor',
].join('|');

export const CODE_LABELS: readonly LabelPattern[] = [
  // English
  label(
    ['code', 'pin'],
    words(
      String.raw`(?:${EN_QUALIFIERS})(?:\s+(?:security|verification|sign[- ]?in|login))?\s+(?:code|passcode|pin)s?`,
    ),
    1,
  ),
  label(['confirmation'], words(String.raw`confirmation\s+(?:code|pin)s?`), 1, 'confirmation'),
  label(['code'], words(String.raw`(?:authori[sz]ation|auth|approval)\s+codes?`), 1, 'payment'),
  label(['otp', '2fa', 'pass'], words(String.raw`one[- ]?time\s+pass(?:word|code)s?|otp|2fa`), 1),
  label(['pass'], words(String.raw`pass\s?codes?`), 1, 'passcode'),
  label(['pin'], words('PIN', true), 0.8, 'passcode'),
  label(['tan'], words('(?:m|sms|push|chip|photo)?TAN', true), 1),
  label(['token'], words('tokens?'), 0.7),
  // English, French, German: the bare word
  label(['code'], words('codes?'), 0.9),
  // German
  label(
    ['code', 'kennwort', 'passwort'],
    words(`(?:${DE_PREFIXES})-?codes?|einmal(?:kennwort|passwort)`),
    1,
  ),
  label(['-code'], words(String.raw`\p{L}{2,}-codes?`), 0.8),
  // French
  label(
    ['code', 'mot'],
    words(
      String.raw`codes?\s+(?:de\s+|d['’]\s?)?(?:v[ée]rification|s[ée]curit[ée]|connexion|validation|activation|authentification|acc[èe]s|identification|(?:à\s+)?usage\s+unique|unique|temporaire|sms)|mots?\s+de\s+passe\s+(?:à\s+usage\s+unique|temporaire|unique|provisoire)`,
    ),
    1,
  ),
  label(['confirmation'], words(String.raw`codes?\s+de\s+confirmation`), 1, 'confirmation'),
  // Spanish and Portuguese
  label(
    ['digo'],
    words(
      String.raw`c[óo]digos?\s+(?:de\s+|do\s+)?(?:verificaci[óo]n|verifica[çc][ãa]o|seguridad|seguran[çc]a|acceso|acesso|inicio\s+de\s+sesi[óo]n|un\s+solo\s+uso|uso\s+[úu]nico|validaci[óo]n|valida[çc][ãa]o|activaci[óo]n|ativa[çc][ãa]o|autenticaci[óo]n|autentica[çc][ãa]o|autorizaci[óo]n|autoriza[çc][ãa]o|temporal|tempor[áa]rio|[úu]nico|login|sms)`,
    ),
    1,
  ),
  label(
    ['digo'],
    words(String.raw`c[óo]digos?\s+de\s+confirma(?:ci[óo]n|[çc][ãa]o)`),
    1,
    'confirmation',
  ),
  label(
    ['clave', 'contrase', 'senha', 'token'],
    words(
      String.raw`clave\s+(?:de\s+)?(?:acceso|confirmaci[óo]n|seguridad|verificaci[óo]n|temporal|un\s+solo\s+uso|din[áa]mica|[úu]nica)|contrase[ñn]a\s+(?:de\s+un\s+solo\s+uso|temporal|de\s+un\s+uso|[úu]nica)|senha\s+(?:tempor[áa]ria|de\s+uso\s+[úu]nico|[úu]nica|provis[óo]ria)|token\s+de\s+acesso`,
    ),
    1,
  ),
  label(['digo'], words('c[óo]digos?'), 0.9),
  label(['clave'], words('clave'), 0.7),
  // Russian
  label(
    ['код', 'пароль'],
    words(
      String.raw`код(?:а|у|ом)?\s+(?:для\s+)?(?:подтверждения|проверки|верификации|входа|безопасности|доступа|активации|авторизации|аутентификации|восстановления|регистрации)|(?:проверочн|одноразов|секретн)\p{L}*\s+(?:код|пароль)\p{L}*`,
    ),
    1,
  ),
  label(['код'], words('код(?:а|у|ом|ы)?'), 0.9),
  label(['пароль'], words('пароль'), 0.6, 'passcode'),
  // Chinese
  label(
    ['码', '碼', '密', '口令'],
    runs(
      '验证码|驗證碼|校验码|校驗碼|动态码|動態碼|动态密码|動態密碼|确认码|確認碼|认证码|認證碼|安全码|安全碼|登录码|登錄碼|登入碼|验证代码|驗證代碼|校验代码|一次性密码|一次性密碼|授权码|授權碼|激活码|啟用碼|短信码|口令',
    ),
    1,
  ),
  label(['代码', '代碼'], runs('代码|代碼'), 0.6),
  // Japanese
  label(
    ['コード', '番号', 'パスワード', 'キー'],
    runs(
      '認証コード|確認コード|認証番号|検証コード|承認コード|ワンタイムパスワード|ワンタイムコード|ログインコード|本人確認コード|認証用コード|確認用コード|パスコード|認証キー',
    ),
    1,
  ),
  label(['セキュリティ'], runs('セキュリティコード'), 0.9),
  label(['確認番号'], runs('確認番号'), 0.7, 'confirmation'),
  label(['暗証'], runs('暗証番号'), 0.7, 'passcode'),
  label(['コード'], runs('コード'), 0.7),
  // Korean
  label(
    ['번호', '코드', '비밀번호', '패스워드', '키'],
    runs(
      String.raw`인증\s?번호|인증\s?코드|확인\s?코드|보안\s?코드|일회용\s?(?:비밀번호|코드|패스워드)|로그인\s?코드|인증\s?키|승인\s?코드`,
    ),
    1,
  ),
  label(['확인'], runs(String.raw`확인\s?번호`), 0.7, 'confirmation'),
  label(['코드'], runs('코드'), 0.6),
  // "Enter 4821 in the app", "以下の6桁の数字を入力", "482913을 입력": the verb alone is a weak label
  label(
    [
      'enter',
      'type',
      'input',
      'eingeben',
      'gib',
      'saisi',
      'entrez',
      'tapez',
      'introduc',
      'ingres',
      'escribe',
      'digite',
      'insira',
      'informe',
      'введите',
      'укажите',
    ],
    words(
      'enter|type|input|eingeben|gib|saisissez|saisir|entrez|tapez|introduce|introduzca|ingresa|ingrese|escribe|digite|insira|informe|введите|укажите',
    ),
    0.6,
  ),
  label(
    ['输入', '輸入', '填写', '填寫', '入力', '입력'],
    runs('输入|輸入|填写|填寫|入力|입력'),
    0.6,
  ),
];

const EN_IDENTIFIERS = [
  String.raw`order(?:\s+(?:number|no\.?|id|#))?`,
  String.raw`invoice(?:\s+(?:number|no\.?|id))?`,
  String.raw`receipt(?:\s+(?:number|no\.?))?`,
  String.raw`tracking(?:\s+(?:number|no\.?|id|code))?`,
  String.raw`shipment(?:\s+(?:number|id))?`,
  'parcel',
  String.raw`package(?:\s+id)?`,
  String.raw`ticket(?:\s+(?:number|no\.?|id))?`,
  String.raw`booking(?:\s+(?:reference|number|code|id|confirmation(?:\s+code)?))?`,
  String.raw`reservation(?:\s+(?:number|code|id))?`,
  String.raw`confirmation\s+(?:number|no\.?|#)`,
  String.raw`record\s+locator`,
  'pnr',
  String.raw`reference(?:\s+(?:number|no\.?|id|code))?`,
  String.raw`ref\.?`,
  String.raw`account(?:\s+(?:number|no\.?|id|ending(?:\s+in)?))?`,
  String.raw`customer(?:\s+(?:number|no\.?|id))?`,
  String.raw`member(?:ship)?\s+(?:number|no\.?|id)`,
  String.raw`user\s+id`,
  'uid',
  String.raw`transaction(?:\s+(?:id|number|no\.?))?`,
  String.raw`case(?:\s+(?:number|no\.?|id))?`,
  String.raw`request\s+id`,
  'incident',
  String.raw`(?:meeting|webinar|conference)\s+(?:id|passcode|password)`,
  'flight',
  'train',
  'seat',
  'gate',
  'room',
  'suite',
  String.raw`apt\.?`,
  'floor',
  String.raw`p\.?\s?o\.?\s+box`,
  String.raw`policy(?:\s+number)?`,
  String.raw`claim(?:\s+number)?`,
  String.raw`serial(?:\s+number)?`,
  'sku',
  String.raw`item(?:\s+(?:number|no\.?))?`,
  String.raw`model(?:\s+number)?`,
  String.raw`zip(?:\s+code)?`,
  String.raw`postal\s+code`,
  String.raw`post\s?code`,
  String.raw`area\s+code`,
  String.raw`promo(?:tion(?:al)?)?\s+codes?`,
  String.raw`campaign\s+codes?`,
  String.raw`coupon(?:\s+codes?)?`,
  String.raw`discount\s+codes?`,
  String.raw`referral\s+codes?`,
  String.raw`gift(?:\s+card)?\s+codes?`,
  String.raw`voucher(?:\s+codes?)?`,
  String.raw`redeem(?:\s+codes?)?`,
  String.raw`redemption\s+codes?`,
  String.raw`invit(?:e|ation)\s+codes?`,
  String.raw`error(?:\s+codes?)?`,
  String.raw`qr[- ]?codes?`,
  String.raw`bar\s?codes?`,
  String.raw`source\s+codes?`,
  String.raw`short\s?codes?`,
  String.raw`card\s+(?:number|no\.?|ending(?:\s+in)?)`,
  String.raw`ending(?:\s+in)?`,
  String.raw`ends\s+in`,
  String.raw`last\s+(?:4|four)(?:\s+digits)?`,
  'visa',
  'mastercard',
  'amex',
  'phone',
  'telephone',
  String.raw`tel\.?`,
  'mobile',
  String.raw`call(?:\s+us)?(?:\s+(?:at|on))?`,
  'fax',
  'hotline',
  'helpline',
  String.raw`wi-?fi\s+password`,
];

const DE_IDENTIFIERS = [
  String.raw`bestell(?:nummer|-?nr\.?)`,
  String.raw`auftrags(?:nummer|-?nr\.?)`,
  String.raw`rechnungs(?:nummer|-?nr\.?)`,
  'rechnung',
  String.raw`kunden(?:nummer|-?nr\.?)`,
  String.raw`sendungs(?:nummer|-?nr\.?)`,
  'sendung',
  'tracking-?nummer',
  'paket(?:nummer)?',
  'vorgangs(?:nummer)?',
  'referenz(?:nummer)?',
  'buchungs(?:nummer|code)?',
  'buchung',
  'vertrags(?:nummer)?',
  'mitglieds(?:nummer)?',
  'ticketnummer',
  'konto(?:nummer)?',
  'telefon(?:nummer)?',
  'hotline',
  'plz',
  'postleitzahl',
  'postfach',
  'packstation',
  'filiale',
  'gutschein(?:code)?',
  'rabatt(?:code)?',
  'aktionscode',
  'abholcode',
  'endziffer',
  String.raw`endet\s+auf`,
  'iban',
  'bic',
  'zug',
  'flug',
  'gleis',
  'sitzplatz',
  'wagen',
  'steuernummer',
  'amtsgericht',
  'registergericht',
  'hrb',
  'hra',
  String.raw`ust-?id(?:nr\.?)?`,
];

const FR_IDENTIFIERS = [
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
];

const ES_PT_IDENTIFIERS = [
  'pedido',
  String.raw`(?:n[úu]mero|n[º°o]\.?|n\.º)\s+de(?:l)?\s+pedido`,
  String.raw`n[úu]mero\s+do\s+pedido`,
  'factura',
  'recibo',
  'seguimiento',
  String.raw`c[óo]digos?\s+de\s+(?:seguimiento|rastreio|rastreamento|barras|descuento)`,
  'env[íi]o',
  'referencia',
  'refer[êe]ncia',
  String.raw`(?:n[úu]mero\s+de\s+)?cliente`,
  'reserva',
  String.raw`c[óo]digos?\s+(?:de|da)\s+reserva`,
  'localizador',
  'billete',
  'vuelo',
  'tren',
  'asiento',
  'tel[ée]fono',
  'telefone',
  String.raw`llam[ae](?:\s+al)?`,
  String.raw`ligue(?:\s+para)?`,
  String.raw`linha\s+de\s+apoio`,
  String.raw`c[óo]digos?\s+postal`,
  String.raw`c\.\s?p\.`,
  String.raw`c[óo]digos?\s+promocional`,
  'cup[óo]n',
  'cupom',
  'cup[ãa]o',
  'nif',
  'cif',
  'nie',
  'cnpj',
  'cpf',
  'cep',
  String.raw`termina(?:da|do)\s+em?`,
  String.raw`que\s+termina\s+en`,
  'final',
  'cuenta',
  'conta',
  'contrato',
  'encomenda',
  'fatura',
  String.raw`nota\s+fiscal`,
  'nf-?e',
  'rastreio',
  'rastreamento',
  'objeto',
  'boleto',
  'ag[êe]ncia',
  'protocolo',
  String.raw`chave\s+de\s+acesso`,
  'voo',
  String.raw`caixa\s+postal`,
  String.raw`apartado(?:\s+de\s+correos)?`,
  String.raw`linha\s+digit[áa]vel`,
];

const RU_IDENTIFIERS = [
  String.raw`заказ(?:а|у|ом)?`,
  String.raw`номер\s+заказа`,
  String.raw`трек[- ]?номер`,
  String.raw`номер\s+отслеживания`,
  String.raw`накладн\p{L}*`,
  String.raw`сч[её]т(?:-фактура)?`,
  String.raw`квитанци\p{L}*`,
  'чек',
  'инн',
  'огрн',
  'кпп',
  'бик',
  String.raw`телефон\p{L}*`,
  String.raw`тел\.?`,
  String.raw`горяч\p{L}*\s+лини\p{L}*`,
  'индекс',
  'промокод',
  'купон',
  String.raw`договор\p{L}*`,
  String.raw`номер\s+договора`,
  String.raw`лицев\p{L}*\s+сч[её]т`,
  'карт[аеыу]',
  String.raw`заканчивающ\p{L}*\s+на`,
  'поезд',
  'рейс',
  'вагон',
  'место',
  String.raw`заявк\p{L}*`,
  String.raw`отделени\p{L}*`,
  String.raw`билет\p{L}*`,
];

const CJK_IDENTIFIERS = [
  // Chinese
  '订单(?:号|编号|號)?',
  '訂單(?:編號|號碼|號)?',
  '单号',
  '單號',
  '运单号',
  '運單號',
  '快递单号',
  '物流单号',
  '发票(?:号码|代码)?',
  '發票(?:號碼)?',
  '流水号',
  '交易(?:单号|号|編號)',
  '尾号',
  '尾號',
  '末四位',
  '客服(?:电话|专线|專線|热线|熱線)?',
  '热线',
  '熱線',
  '专线',
  '專線',
  '电话',
  '電話',
  '致电',
  '拨打',
  '撥打',
  '手机号?',
  '邮编',
  '邮政编码',
  '郵遞區號',
  '会员号',
  '會員編號',
  '账号',
  '帳號',
  '账户',
  '帳戶',
  '卡号',
  '卡號',
  '工单号?',
  '取件码',
  '取貨碼',
  '提货码',
  '优惠码',
  '優惠碼',
  '兑换码',
  '兌換碼',
  '邀请码',
  '邀請碼',
  '券码',
  '纳税人识别号',
  '统一社会信用代码',
  '备案号',
  'ICP备',
  'ICP证',
  '车次',
  '航班',
  '座位',
  // Japanese
  '(?:ご)?注文番号',
  '受注番号',
  '伝票番号',
  'お?問い?合わせ番号',
  '追跡番号',
  '予約番号',
  '会員番号',
  '顧客番号',
  'お客様番号',
  '請求(?:書)?番号',
  '領収書番号',
  '受付番号',
  '管理番号',
  '口座番号',
  'お問い?合わせ',
  '〒',
  '郵便番号',
  'クーポンコード',
  'キャンペーンコード',
  '割引コード',
  'ギフトコード',
  'シリアルコード',
  '特典コード',
  'プロモーションコード',
  '招待コード',
  '紹介コード',
  'QRコード',
  'バーコード',
  '末尾',
  '下4桁',
  '便名',
  '座席',
  '号車',
  // Korean
  String.raw`주문\s?번호`,
  String.raw`운송장(?:\s?번호)?`,
  String.raw`송장\s?번호`,
  String.raw`예약\s?번호`,
  String.raw`회원\s?번호`,
  String.raw`고객\s?번호`,
  String.raw`승인\s?번호`,
  String.raw`거래\s?번호`,
  String.raw`사업자\s?등록\s?번호`,
  String.raw`통신판매업(?:\s?신고)?(?:\s?번호)?`,
  String.raw`전화(?:\s?번호)?`,
  String.raw`고객\s?센터`,
  String.raw`대표\s?전화`,
  '문의',
  String.raw`우편\s?번호`,
  String.raw`쿠폰\s?(?:코드|번호)`,
  String.raw`할인\s?코드`,
  String.raw`초대\s?코드`,
  String.raw`추천\s?코드`,
  String.raw`계좌(?:\s?번호)?`,
  String.raw`카드\s?번호`,
  '끝자리',
  '좌석',
  '편명',
];

export interface IdentifierPattern {
  re: RegExp;
  /** The regex runs only on text holding a character of this script. */
  script: RegExp;
}

export const IDENTIFIER_LABELS: readonly IdentifierPattern[] = [
  { re: words([...EN_IDENTIFIERS, ...DE_IDENTIFIERS].join('|')), script: /[a-z]/i },
  { re: words([...FR_IDENTIFIERS, ...ES_PT_IDENTIFIERS].join('|')), script: /[a-z]/i },
  { re: words(RU_IDENTIFIERS.join('|')), script: /[\u0400-\u04FF]/ },
  { re: runs(CJK_IDENTIFIERS.join('|')), script: /[\u3000-\u30FF\u3400-\u9FFF\uAC00-\uD7AF〒]/ },
];

/** A booking, a trip: "confirmation code" there is a booking reference. */
export const TRAVEL_CUES: readonly RegExp[] = [
  words(
    String.raw`flights?|booking|itinerary|boarding|reservation|check-in|trip|hotel|airline|pnr|record\s+locator|vuelo|reserva|viaje|r[ée]servation|voyage|billet|flug|buchung|reise|voo|viagem|passagem|рейс|брон\p{L}*|поезд|билет\p{L}*`,
  ),
  runs('航班|预订|預訂|酒店|机票|機票|予約|搭乗|航空券|예약|항공|탑승'),
];

/** A meeting invitation: "passcode" there is the meeting's password. */
export const MEETING_CUES: readonly RegExp[] = [
  words(
    String.raw`meeting\s+id|zoom\s+meeting|join\s+zoom|teams\s+meeting|microsoft\s+teams|webex|google\s+meet|webinar|besprechungs-?id|id\s+de\s+(?:la\s+)?r[ée]union|id\s+de\s+reuni[óo]n|id\s+da\s+reuni[ãa]o|идентификатор\s+конференции`,
  ),
  runs(String.raw`会议号|會議號|会議ID|ミーティングID|회의\s?ID`),
];

/** A receipt for a card payment: "authorization code" there is the bank's approval number. */
export const RECEIPT_CUES: readonly RegExp[] = [
  words(
    String.raw`receipt|subtotal|total|tax|amount\s+paid|thank\s+you\s+for\s+(?:your\s+purchase|shopping)|visa|mastercard|beleg|quittung|summe|re[çc]u|ticket\s+de\s+caisse|recibo|comprovante|чек|итого`,
  ),
  runs('小票|收据|收據|合计|合計|領収書|レシート|영수증|합계'),
];

/** A sentence selling something: a code in it is a coupon. */
export const PROMO_CUES: RegExp = new RegExp(
  String.raw`\d\s?%|${BEFORE}(?:off|discount|checkout|coupon|promo|voucher|sale|save\s+(?:up\s+to\s+)?\d\S*|rabatt|gutschein|sparst|sparen|r[ée]duction|remise|soldes|descuento|ahorra|cup[oó]n|desconto|cupom|cup[ãa]o|promo[çc][ãa]o|скидк\p{L}*|промокод|купон)${AFTER}|优惠|折扣|\d\s?折|满\d+减|割引|クーポン|キャンペーン|セール|할인|쿠폰|세일`,
  'iu',
);

/** Where the end matter starts: copyright, unsubscribe links, imprint. */
export const FOOTER_MARKERS: RegExp = new RegExp(
  String.raw`©|\(c\)\s*\d{4}|${BEFORE}(?:copyright|all\s+rights\s+reserved|unsubscribe|abbestellen|abmelden|impressum|d[ée]sinscri\p{L}*|se\s+d[ée]sabonner|darse\s+de\s+baja|descadastr\p{L}*|отписаться)${AFTER}|退订|版权所有|版權所有|配信停止|수신\s?거부|무단\s?전재`,
  'iu',
);
