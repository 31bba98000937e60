/**
 * Spans of text that look like codes but are something else. A candidate that overlaps one
 * of these is discarded. (Numbers glued to other numbers, such as `12.05.2024` or `1,299.00`,
 * are already refused by the candidate boundaries; identifier labels such as "Order" are
 * handled by the scorer.)
 */

import { WindowText } from './decoy-window.ts';
import { digitFirst } from './digit-first.ts';
import { forEachMatch } from './matches.ts';
import type { Span } from './types.ts';

const MONTHS_EN =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const MONTHS_OTHER = [
  // de
  'januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember',
  // fr
  'janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre',
  // es
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre',
  // pt
  'janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro',
  // ru (genitive)
  'января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря',
  // it
  'gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre',
  // nl
  'januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december',
  // sv
  'januari|februari|mars|april|maj|juni|juli|augusti|september|oktober|november|december',
  // tr
  'ocak|şubat|mart|nisan|mayıs|haziran|temmuz|ağustos|eylül|ekim|kasım|aralık',
  // id
  'januari|februari|maret|april|mei|juni|juli|agustus|september|oktober|november|desember',
  // pl (genitive)
  'stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia',
  // fi (partitive)
  'tammikuuta|helmikuuta|maaliskuuta|huhtikuuta|toukokuuta|kesäkuuta|heinäkuuta|elokuuta|syyskuuta|lokakuuta|marraskuuta|joulukuuta',
].join('|');

const B = String.raw`(?<![\p{L}\p{N}])`;
const E = String.raw`(?![\p{L}\p{N}])`;

const CURRENCY_WORDS =
  'eur|euros?|usd|dollars?|gbp|chf|cny|rmb|jpy|krw|brl|rub|inr|cad|aud|mxn|ars|clp|cop|pln|sek|nok|dkk|reais|real|yuan|yen|won|руб(?:\\.|лей|ля|ль)?|р\\.' +
  // tr, pl, sv/fi/no/da, id, vi, he, ar, fa
  '|tl|zł|zl|kr|rp|idr|vnd|đồng|ils|nis|ש"ח|sar|aed|egp|kwd|qar|ر\\.س|د\\.إ|ريال|درهم|جنيه|تومان|ریال';

interface Decoy {
  /** The pattern as written, and as the shortcuts are tested against. */
  re: RegExp;
  /** The same pattern, rewritten to skip non-digits natively (digit-first.ts). */
  fast: RegExp;
  /**
   * False only when the pattern cannot match in the window: a character or phrase that every
   * match holds is missing (the pattern's own phrase list or character set, without its
   * boundaries, looked for in the lower-cased window), or the window has no digit run of a
   * length the pattern's first number can have (it opens on a run bounded by `\b` or no
   * letter before it, and by a non-digit after it).
   */
  may: (w: WindowText) => boolean;
}

/** The pattern needs a character outside ASCII (a CJK or Cyrillic phrase or sign). */
const NON_ASCII = (w: WindowText): boolean => w.nonAscii;
const ALWAYS = (): boolean => true;

const decoy = (re: RegExp, may: (w: WindowText) => boolean = ALWAYS): Decoy => ({
  re,
  fast: digitFirst(re),
  may,
});

const MONTH_EN_STEM = /jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec/;
const SIGN_BEFORE = /[$€£¥₩₽₹¢₺₪₫]/;
const SIGN_AFTER = /[€₽₩¥$£₪₫₺円元원圓]/;
const CURRENCY_WORD_DIGIT = new RegExp(String.raw`(?:${CURRENCY_WORDS})\s?\d`);
const SERVICE_LINE = /400|800|0120|0570/;
const STREET_SUFFIX = /stra(?:ß|ss)e|str\.|weg|allee|platz|gasse|damm/;
const STREET_TYPE =
  /rua|calle|avenida|av\.|alameda|travessa|rue|paseo|plaza|praça|quai|boulevard|impasse|ул\.|улица|проспект|пр-т/;
const REGISTRY =
  /HR[AB]|SIRE[TN]|RCS|CNPJ|CPF|NIF|CIF|NIE|ИНН|ОГРН|КПП|БИК|USt|VAT|TVA|P\.?\s?IVA|ABN|EIN/;
/** Case-sensitive, as the street pattern is: every street word holds one of these. */
const STREET_WORD =
  /St|Ave|Rd|Road|Blvd|Boulevard|Dr|Ln|Lane|Way|Pkwy|Parkway|Ct|Court|Pl|Sq|Ter|Hwy|Highway/;
/** A unit follows a number's last digit, after at most one space: a letter, % or ‰. */
const UNIT_AFTER_DIGIT = /\d ?[\p{L}%‰]/u;
const VERSION_DIGIT =
  /(?:v|ver\.?|version|versión|versão|версия|build|patch|release|windows|android|ios|ipados|macos|os\s?x|chrome|firefox|safari|edge|opera|iphone|ipad|galaxy|pixel|xbox|playstation|ps|node|python|java|ubuntu|debian|office) ?\d/;

/** Each pattern marks a span that is never a code. */
const DECOYS: readonly Decoy[] = [
  // Dates with month names: May 12, 2024 · 12 May 2024 · 12. Mai 2024 · 12 de maio de 2024 · 12 мая 2024
  decoy(
    new RegExp(String.raw`${B}(?:${MONTHS_EN})\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}${E}`, 'giu'),
    (w) => w.loose || MONTH_EN_STEM.test(w.lower),
  ),
  decoy(
    new RegExp(
      String.raw`${B}\d{1,2}(?:st|nd|rd|th|\.)?\s+(?:de\s+)?(?:${MONTHS_EN}|${MONTHS_OTHER})\.?,?\s+(?:de\s+)?\d{4}${E}`,
      'giu',
    ),
    (w) => w.hasRun(1, 2),
  ),
  // Numeric dates not caught by the boundaries (spaces around separators): 2024 - 05 - 12
  decoy(/\b\d{4}\s?[-/.]\s?\d{1,2}\s?[-/.]\s?\d{1,2}\b/g, (w) => w.hasRun(4, 4)),
  // CJK dates and years: 2024年5月12日, 2024년 5월, 2024 г.
  decoy(/\d{2,4}\s?[年년]/g, NON_ASCII),
  decoy(/\d{1,2}\s?[月월]\s?\d{1,2}\s?[日일]?/g, NON_ASCII),
  decoy(new RegExp(String.raw`${B}(?:19|20)\d{2}\s?(?:г\.|года?|год)${E}`, 'giu'), NON_ASCII),
  // Copyright years and ranges
  decoy(
    /(?:©|\(c\)|copyright)\s*(?:\d{4}\s*[-–—~]\s*)?\d{4}/giu,
    (w) => w.has('©') || w.has('(') || w.loose || w.lower.includes('copyright'),
  ),
  // Times: 14:02, 3:45 PM, 9 am, 14h30, 10 Uhr, 18時22分, 18点, 18시 22분
  decoy(/\b\d{1,2}(?::\d{2})?\s?(?:[ap]\.?m\.?)(?![\p{L}])/giu, (w) => w.hasRun(1, 2)),
  decoy(new RegExp(String.raw`${B}\d{1,2}\s?[hH]\s?\d{2}${E}`, 'gu'), (w) => w.hasRun(1, 2)),
  decoy(new RegExp(String.raw`${B}\d{1,2}\s?Uhr${E}`, 'gu'), (w) => w.has('Uhr')),
  decoy(/\d{1,2}\s?[時点點시]\s?(?:\d{1,2}\s?[分분])?/gu, NON_ASCII),
  // Money: a currency sign or code next to the number
  decoy(
    new RegExp(
      String.raw`(?:[$€£¥₩₽₹¢₺₪₫]|R\$|US\$|HK\$|NT\$|A\$|C\$|S\$)\s?\d(?:[\d.,']|\s(?=\d{3}(?!\d)))*`,
      'gu',
    ),
    (w) => SIGN_BEFORE.test(w.part),
  ),
  decoy(
    new RegExp(String.raw`\d(?:[\d.,']|\s(?=\d{3}(?!\d)))*\s?(?:[€₽₩¥$£₪₫₺]|円|元|원|圓)`, 'gu'),
    (w) => SIGN_AFTER.test(w.part),
  ),
  decoy(
    new RegExp(
      String.raw`${B}\d(?:[\d.,']|\s(?=\d{3}(?!\d)))*\s?(?:${CURRENCY_WORDS})(?![\p{L}])`,
      'giu',
    ),
  ),
  decoy(
    new RegExp(String.raw`${B}(?:${CURRENCY_WORDS})\s?\d(?:[\d.,']|\s(?=\d{3}(?!\d)))*`, 'giu'),
    (w) => w.loose || CURRENCY_WORD_DIGIT.test(w.lower),
  ),
  // Phone numbers: +cc…, (ddd) ddd-dddd, ddd-ddd-dddd, 0xx-xxxx-xxxx, 400/800 lines,
  // 1588-xxxx (Korean service lines), French pairs
  decoy(/\+\d{1,3}[\s.-]?\(?\d{1,4}\)?(?:[\s.-]?\d{2,4}){1,4}/g, (w) => w.has('+')),
  decoy(/\(\d{2,4}\)\s?\d{3,4}[\s.-]?\d{3,4}/g, (w) => w.has('(')),
  decoy(/\b\d{3}[.-]\d{3}[.-]\d{4}\b/g, (w) => w.hasRun(3, 3)),
  decoy(/\b0\d{1,4}[-\s]\d{2,4}[-\s]\d{3,4}\b/g, (w) => w.hasZeroRun(2, 5)),
  decoy(/\b(?:400|800|0800|0120|0570)[- ]\d{2,4}[- ]?\d{3,4}\b/g, (w) => SERVICE_LINE.test(w.part)),
  decoy(/\b1[5-9]\d{2}-\d{4}\b/g, (w) => w.has('-') && w.hasRun(4, 4)),
  decoy(/\b0\d(?:[\s.]\d{2}){4}\b/g, (w) => w.hasZeroRun(2, 2)),
  // Postal codes: US state + ZIP(+4), AU state + code, 〒, CEP, UK, Singapore, code + city
  decoy(
    /\b(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY])\s+\d{5}(?:-\d{4})?\b/g,
    (w) => w.hasRun(5, 5),
  ),
  decoy(/\b(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\s+\d{4}\b/g, (w) => w.hasRun(4, 4)),
  decoy(/〒\s?\d{3}-?\d{4}/g, (w) => w.has('〒')),
  decoy(/\bCEP:?\s?\d{5}-?\d{3}\b/g, (w) => w.has('CEP')),
  decoy(/\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/g),
  decoy(/\bSingapore\s+\d{6}\b/gi, (w) => w.lower.includes('singapore')),
  decoy(
    new RegExp(
      String.raw`${B}\d{4,5}[ \t]+\p{Lu}[\p{L}'’.-]+(?:[ -]\p{L}[\p{L}'’.-]*)?(?=[ \t]*(?:$|[,·|()•]))`,
      'gmu',
    ),
    (w) => w.hasRun(4, 5),
  ),
  // Street numbers: 2474 Walnut Street · Hauptstraße 12 · Rua Augusta, 1500 · Av. Caseros 3039
  decoy(
    new RegExp(
      String.raw`${B}\d{1,6}[ \t]+(?:[NSEW]\.?[ \t]+)?(?:\p{Lu}[\p{L}.'-]*[ \t]+){1,3}(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Way|Pkwy|Parkway|Ct|Court|Pl|Place|Sq|Square|Ter|Terrace|Hwy|Highway)${E}`,
      'gu',
    ),
    (w) => w.hasRun(1, 6) && STREET_WORD.test(w.part),
  ),
  decoy(
    new RegExp(
      String.raw`(?:stra(?:ß|ss)e|str\.|weg|allee|platz|gasse|damm) +\d{1,5}(?:\s?[a-z])?${E}`,
      'giu',
    ),
    (w) => w.loose || STREET_SUFFIX.test(w.lower),
  ),
  decoy(
    new RegExp(
      String.raw`${B}(?:rua|calle|avenida|av\.|alameda|travessa|rue|paseo|plaza|praça|quai|boulevard|impasse|ул\.|улица|проспект|пр-т)\s+[^\n\d]{1,40}?\d{1,5}${E}`,
      'giu',
    ),
    (w) => w.loose || STREET_TYPE.test(w.lower),
  ),
  // Registry and tax identifiers with their label
  decoy(
    new RegExp(
      String.raw`${B}(?:HRB|HRA|SIRET|SIREN|RCS(?:\s+\p{Lu}\p{L}+)?|CNPJ|CPF|NIF|CIF|NIE|ИНН|ОГРН|КПП|БИК|USt-?IdNr\.?|VAT(?:\s+(?:no|number))?|TVA|P\.?\s?IVA|ABN|EIN)[ :.№#]*[A-Z]{0,2}[\d ./-]{4,24}\d`,
      'gu',
    ),
    (w) => REGISTRY.test(w.part),
  ),
  decoy(/(?:사업자\s?등록\s?번호|통신판매업\s?신고(?:\s?번호)?)[\s:]*[\d-]{6,}/gu, NON_ASCII),
  decoy(/ICP[备证備證][\s:]*\d{6,}/gu, (w) => w.has('ICP')),
  // Card tails: **** 4821, •••• 4417, xxxx1234
  decoy(/(?:[*•●xX]{2,}|[*•●])[ -]?\d{4}\b/g, (w) => w.hasRun(4, 4)),
  // Durations and units: 10 minutes, 5 分钟, 30 GB, 600px, 15 %
  decoy(
    new RegExp(
      String.raw`${B}\d+(?:[.,]\d+)? ?(?:%|‰|px|dpi|gb|mb|kb|tb|gbps|mbps|mah|kwh|hz|khz|mhz|ghz|fps|mm|cm|km|kg|lbs?|oz|ml|ms|ft|mins?|minutes?|hours?|hrs?|seconds?|secs?|days?|weeks?|months?|years?|minuten?|stunden?|sekunden?|tagen?|std\.|min\.|heures?|jours?|secondes?|minutos?|horas?|d[íi]as?|segundos?|semanas?|meses|mes|минут[аы]?|мин\.?|час(?:а|ов)?|секунд[аы]?|дн(?:я|ей)|сут(?:ки|ок))${E}`,
      'giu',
    ),
    (w) => UNIT_AFTER_DIGIT.test(w.part),
  ),
  decoy(
    /\d+\s?(?:分钟|分鐘|小时|小時|秒|天|日間|時間|分間|分以内|분|시간|초|일간|개월)/gu,
    NON_ASCII,
  ),
  // Versions and products: v2.3, Version 17, Chrome 124, Windows 11, iPhone 15, Patch 7
  decoy(
    new RegExp(
      String.raw`${B}(?:v|ver\.?|version|versión|versão|версия|build|patch|release|windows|android|ios|ipados|macos|os\s?x|chrome|firefox|safari|edge|opera|iphone|ipad|galaxy|pixel|xbox|playstation|ps|node|python|java|ubuntu|debian|office) ?\d+(?:\.\d+)*${E}`,
      'giu',
    ),
    (w) => w.loose || VERSION_DIGIT.test(w.lower),
  ),
];

/**
 * Decoy spans in `text`, looking only inside `windows` (all of it when omitted). `shortcuts:
 * false` runs every pattern as written (a test checks that both give the same spans).
 */
export function findDecoySpans(
  text: string,
  windows: readonly Span[] = [{ start: 0, end: text.length }],
  shortcuts = true,
): Span[] {
  const spans: Span[] = [];
  for (const w of windows) {
    const part = w.start === 0 && w.end === text.length ? text : text.slice(w.start, w.end);
    const facts = shortcuts ? new WindowText(part) : null;
    for (const d of DECOYS) {
      if (facts && !d.may(facts)) continue;
      forEachMatch(facts ? d.fast : d.re, part, (m) => {
        if (m[0].length > 0)
          spans.push({ start: w.start + m.index, end: w.start + m.index + m[0].length });
      });
    }
  }
  return spans;
}

export function overlapsAny(span: Span, spans: readonly Span[]): boolean {
  return spans.some((s) => s.start < span.end && span.start < s.end);
}
