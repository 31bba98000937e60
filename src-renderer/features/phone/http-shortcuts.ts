import { fillPath, routes } from '../../../src-shared/api/routes.ts';

/**
 * An import file for the Android app "HTTP Shortcuts" (ch.rmy.android.http_shortcuts): its
 * export format, a JSON object `{version, compatibilityVersion, categories, variables}` that its
 * Import screen reads as it is (docs/phone.md, "Android: HTTP Shortcuts", says why each choice).
 *
 * - Format version 78 (app 3.15, 2024) with compatibility version 78: apps from 3.15 on import it,
 *   newer ones by their own migrations. Fields are written in the spelling both use (a variable's
 *   `flags` for 3.x and the `isShareText`-style booleans that replaced them).
 * - Fixed ids: importing the file again (another address, a new key) updates the shortcuts in
 *   place instead of adding copies.
 * - Variable placeholders are `{{<variable id>}}`; scripts read and pass variables by key.
 */

/** What the file holds that depends on this Ephemera and on the UI's language. */
export interface HttpShortcutsInput {
  /** The base URL a phone reaches Ephemera at, e.g. http://192.168.1.20:8787. */
  baseUrl: string;
  /** A key made for the phone, or null: the app then asks for it once and keeps it. */
  apiKey: string | null;
  text: HttpShortcutsText;
}

/** Names and messages, in the UI's language. */
export interface HttpShortcutsText {
  category: string;
  grab: string;
  grabDescription: string;
  status: string;
  address: string;
  addressDescription: string;
  code: string;
  codeDescription: string;
  keyTitle: string;
  keyMessage: string;
  started: string;
  ready: string;
  failed: string;
  timedOut: string;
  copied: string;
  codeCopied: string;
  noMail: string;
}

/** The app's file format version this file is written in (docs/phone.md says why 78). */
const FORMAT_VERSION = 78;

/** Variable flags of 3.x: 1 = filled from the share sheet, 8 = value left out of exports. */
const SHARE_TEXT = 1;
const NOT_EXPORTED = 8;

const ID = {
  category: '5b0c6f1e-3f7a-4d3e-9c51-0e7a2f1d9a01',
  grab: '5b0c6f1e-3f7a-4d3e-9c51-0e7a2f1d9a11',
  status: '5b0c6f1e-3f7a-4d3e-9c51-0e7a2f1d9a12',
  address: '5b0c6f1e-3f7a-4d3e-9c51-0e7a2f1d9a13',
  code: '5b0c6f1e-3f7a-4d3e-9c51-0e7a2f1d9a14',
  share: '5b0c6f1e-3f7a-4d3e-9c51-0e7a2f1d9a21',
  task: '5b0c6f1e-3f7a-4d3e-9c51-0e7a2f1d9a22',
  key: '5b0c6f1e-3f7a-4d3e-9c51-0e7a2f1d9a23',
  email: '5b0c6f1e-3f7a-4d3e-9c51-0e7a2f1d9a24',
  after: '5b0c6f1e-3f7a-4d3e-9c51-0e7a2f1d9a25',
  keyHeader: '5b0c6f1e-3f7a-4d3e-9c51-0e7a2f1d9a31',
  codeKeyHeader: '5b0c6f1e-3f7a-4d3e-9c51-0e7a2f1d9a32',
} as const;

/** Variable keys, as scripts name them. */
export const HTTP_SHORTCUTS_KEYS = {
  share: 'ephemera_share',
  task: 'ephemera_task',
  key: 'ephemera_key',
  email: 'ephemera_email',
  after: 'ephemera_after',
} as const;

const placeholder = (id: string): string => `{{${id}}}`;

/** Silent answers: the scripts say what happened. */
const SILENT = { uiType: 'toast', successOutput: 'none', failureOutput: 'none' } as const;

/** The sentence of a refusal ({detail} or a 422 list), or the network error, in a script. */
const DESCRIBE = `function describe(res, err) {
  if (err) return String(err);
  if (!res) return 'No answer';
  try {
    var d = JSON.parse(res.body).detail;
    return typeof d === 'string' ? d : d[0].msg;
  } catch (e) {
    return 'HTTP ' + res.statusCode;
  }
}`;

function grabScript(baseUrl: string, text: HttpShortcutsText): string {
  const s = JSON.stringify;
  return `${DESCRIBE}
function main() {
  var created = JSON.parse(response.body);
  showToast(${s(text.started)});
  // ?wait=30 holds each request until the task changes: 10 rounds outlast its 240 s deadline.
  for (var round = 0; round < 10; round++) {
    var run = executeShortcut(${s(ID.status)}, { ${HTTP_SHORTCUTS_KEYS.task}: created.task_id });
    if (run.status !== 'success') {
      showDialog(describe(run.response, run.networkError), ${s(text.failed)});
      return;
    }
    var task = JSON.parse(run.response.body);
    if (task.status === 'completed') {
      showToast(${s(text.ready)});
      openUrl(${s(baseUrl)} + task.media.download_url);
      return;
    }
    if (task.status === 'failed') {
      showDialog(task.error, ${s(text.failed)});
      return;
    }
  }
  showDialog(${s(text.timedOut)}, ${s(text.failed)});
}
main();`;
}

function addressScript(text: HttpShortcutsText): string {
  const s = JSON.stringify;
  return `var lease = JSON.parse(response.body);
setVariable(${s(HTTP_SHORTCUTS_KEYS.email)}, lease.email);
setVariable(${s(HTTP_SHORTCUTS_KEYS.after)}, '0');
copyToClipboard(lease.email);
showToast(${s(text.copied)} + ' ' + lease.email);`;
}

function codeScript(text: HttpShortcutsText): string {
  const s = JSON.stringify;
  return `var mails = JSON.parse(response.body);
if (mails.length === 0) {
  showToast(${s(text.noMail)});
} else {
  var mail = mails[mails.length - 1];
  setVariable(${s(HTTP_SHORTCUTS_KEYS.after)}, String(mail.id));
  if (mail.code) {
    copyToClipboard(mail.code);
    showToast(${s(text.codeCopied)} + ' ' + mail.code);
  } else if (mail.link) {
    openUrl(mail.link);
  } else {
    showDialog(mail.text || '', mail.subject || '');
  }
}`;
}

const FAILURE_SCRIPT = `${DESCRIBE}
showDialog(describe(response, typeof networkError === 'undefined' ? null : networkError));`;

function variable(id: string, key: string, extra: Record<string, unknown>): object {
  return { id, key, type: 'constant', value: '', flags: 0, ...extra };
}

/** The import file's content, as an object (JSON.stringify it to save). */
export function httpShortcutsImport(input: HttpShortcutsInput): object {
  const { baseUrl, apiKey, text } = input;
  const url = (path: string): string => `${baseUrl}${path}`;
  const keyHeader = (id: string) => ({ id, key: 'X-API-Key', value: placeholder(ID.key) });
  const common = {
    executionType: 'app',
    authentication: 'none',
    requestBodyType: 'custom_text',
    contentType: 'text/plain',
    followRedirects: false,
    launcherShortcut: true,
    codeOnFailure: FAILURE_SCRIPT,
    responseHandling: SILENT,
  };
  const shortcuts = [
    {
      ...common,
      id: ID.grab,
      name: text.grab,
      description: text.grabDescription,
      method: 'POST',
      url: url(routes.taskCreate.path),
      contentType: 'application/json',
      bodyContent: `{"text": "${placeholder(ID.share)}"}`,
      timeout: 30_000,
      codeOnSuccess: grabScript(baseUrl, text),
    },
    {
      ...common,
      id: ID.status,
      name: text.status,
      hidden: true,
      launcherShortcut: false,
      method: 'GET',
      url: `${url(fillPath(routes.taskGet.path, { token: placeholder(ID.task) }))}?wait=30`,
      timeout: 45_000,
      codeOnFailure: '',
    },
    {
      ...common,
      id: ID.address,
      name: text.address,
      description: text.addressDescription,
      method: 'GET',
      url: url(routes.mailGenerate.path),
      headers: [keyHeader(ID.keyHeader)],
      timeout: 30_000,
      codeOnSuccess: addressScript(text),
    },
    {
      ...common,
      id: ID.code,
      name: text.code,
      description: text.codeDescription,
      method: 'GET',
      url: `${url(fillPath(routes.mailList.path, { email: placeholder(ID.email) }))}?after_id=${placeholder(ID.after)}&wait=30`,
      headers: [keyHeader(ID.codeKeyHeader)],
      timeout: 45_000,
      codeOnSuccess: codeScript(text),
    },
  ];
  const key =
    apiKey === null
      ? variable(ID.key, HTTP_SHORTCUTS_KEYS.key, {
          type: 'password',
          rememberValue: true,
          title: text.keyTitle,
          message: text.keyMessage,
          flags: NOT_EXPORTED,
          isExcludeValueFromExport: true,
        })
      : variable(ID.key, HTTP_SHORTCUTS_KEYS.key, {
          value: apiKey,
          flags: NOT_EXPORTED,
          isExcludeValueFromExport: true,
        });
  return {
    version: FORMAT_VERSION,
    compatibilityVersion: FORMAT_VERSION,
    categories: [{ id: ID.category, name: text.category, layoutType: 'linear_list', shortcuts }],
    variables: [
      variable(ID.share, HTTP_SHORTCUTS_KEYS.share, {
        jsonEncode: true,
        flags: SHARE_TEXT,
        isShareText: true,
      }),
      variable(ID.task, HTTP_SHORTCUTS_KEYS.task, {}),
      key,
      variable(ID.email, HTTP_SHORTCUTS_KEYS.email, {}),
      variable(ID.after, HTTP_SHORTCUTS_KEYS.after, { value: '0' }),
    ],
  };
}

/** The file name offered for the download. */
export const HTTP_SHORTCUTS_FILE_NAME = 'ephemera-http-shortcuts.json';
