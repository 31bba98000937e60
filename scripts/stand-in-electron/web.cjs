// The stand-in Electron's plumbing (index.cjs is the module itself): the recording no-op, the
// protocol registry, sessions and windows. A window's loadURL asks the registered protocol
// handler (or HTTP) for the page and records the status, as a real window would show it.
'use strict';
const { EventEmitter } = require('node:events');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const LOG = process.env.EPHEMERA_STAND_IN_LOG;
function record(event, detail = {}) {
  if (LOG) fs.appendFileSync(LOG, `${JSON.stringify({ event, ...detail })}\n`);
}

/** Any property is itself, any call returns itself, awaiting it gives itself: a harmless no-op. */
function noop(name) {
  const target = function () {};
  return new Proxy(target, {
    get(_t, prop) {
      if (prop === 'then' || typeof prop === 'symbol') return undefined;
      if (prop === 'toString' || prop === 'valueOf') return () => '';
      return noop(`${name}.${String(prop)}`);
    },
    apply(_t, _this, args) {
      record('noop', { name, args: args.length });
      return noop(`${name}()`);
    },
    construct() {
      record('noop', { name: `new ${name}` });
      return noop(`new ${name}`);
    },
    set() {
      return true;
    },
  });
}

/** Wraps an object so the properties it lacks are recording no-ops. */
function lenient(name, object) {
  return new Proxy(object, {
    get(target, prop, receiver) {
      if (prop in target || typeof prop === 'symbol' || prop === 'then' || prop === 'toJSON') {
        return Reflect.get(target, prop, receiver);
      }
      return noop(`${name}.${String(prop)}`);
    },
  });
}

const ROOT = process.env.EPHEMERA_STAND_IN_HOME || fs.mkdtempSync(path.join(os.tmpdir(), 'eph-'));
const protocolHandlers = new Map();

function mimeOf(file) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript' };
  return types[path.extname(file)] ?? 'application/octet-stream';
}

/** `net.fetch`: Node's fetch, plus file: URLs (which a custom protocol handler may forward to). */
async function netFetch(input, init) {
  const url = typeof input === 'string' ? input : (input.url ?? String(input));
  if (url.startsWith('file:')) {
    const file = require('node:url').fileURLToPath(url);
    try {
      return new Response(fs.readFileSync(file), { headers: { 'content-type': mimeOf(file) } });
    } catch {
      return new Response('not found', { status: 404 });
    }
  }
  return fetch(input, init);
}

/** What a window would get for `url`: its protocol handler's answer, or the HTTP response. */
async function load(url) {
  const scheme = new URL(url).protocol.slice(0, -1);
  const handler = protocolHandlers.get(scheme);
  if (handler) return handler(new Request(url));
  if (scheme === 'http' || scheme === 'https' || scheme === 'file') return netFetch(url);
  throw new Error(`no handler for ${scheme}:`);
}

const protocol = lenient('protocol', {
  registerSchemesAsPrivileged: (schemes) => record('registerSchemesAsPrivileged', { schemes }),
  handle: (scheme, handler) => {
    protocolHandlers.set(scheme, handler);
    record('protocol.handle', { scheme });
  },
  unhandle: (scheme) => protocolHandlers.delete(scheme),
  isProtocolHandled: (scheme) => protocolHandlers.has(scheme),
});

function makeSession(partition) {
  const webRequest = lenient('webRequest', {});
  for (const name of [
    'onBeforeRequest',
    'onBeforeSendHeaders',
    'onSendHeaders',
    'onHeadersReceived',
    'onResponseStarted',
    'onBeforeRedirect',
    'onCompleted',
    'onErrorOccurred',
  ]) {
    webRequest[name] = () => record(`webRequest.${name}`);
  }
  const session = Object.assign(new EventEmitter(), {
    partition,
    protocol,
    webRequest,
    setPermissionRequestHandler: () => record('session.setPermissionRequestHandler'),
    setPermissionCheckHandler: () => record('session.setPermissionCheckHandler'),
    setDevicePermissionHandler: () => record('session.setDevicePermissionHandler'),
    setDisplayMediaRequestHandler: () => record('session.setDisplayMediaRequestHandler'),
    setProxy: async () => undefined,
    clearCache: async () => undefined,
    clearStorageData: async () => undefined,
    getUserAgent: () => 'Ephemera stand-in',
    setUserAgent: () => undefined,
    fetch: netFetch,
  });
  return lenient('session', session);
}
const defaultSession = makeSession('');
const session = lenient('sessionModule', { defaultSession, fromPartition: makeSession });

/** `loaded(window, status)`: set by index.cjs, called after each page load. */
const hooks = { loaded: null };
const windows = new Set();
let nextId = 1;
let focused = null;

class WebContents extends EventEmitter {
  constructor(owner) {
    super();
    this.id = nextId++;
    this.owner = owner;
    this.session = defaultSession;
    this.url = '';
    this.mainFrame = lenient('frame', { url: '', parent: null, routingId: 1 });
  }
  getURL() {
    return this.url;
  }
  send(channel) {
    record('webContents.send', { channel });
  }
  setWindowOpenHandler() {
    record('webContents.setWindowOpenHandler');
  }
  isDestroyed() {
    return this.owner.destroyed;
  }
  async executeJavaScript() {
    return undefined;
  }
}

class BrowserWindow extends EventEmitter {
  constructor(options = {}) {
    super();
    this.id = nextId++;
    this.options = options;
    this.visible = options.show !== false;
    this.destroyed = false;
    this.webContents = lenient('webContents', new WebContents(this));
    windows.add(this);
    focused = this;
    record('BrowserWindow', { webPreferences: options.webPreferences ?? null });
    return lenient('BrowserWindow', this);
  }
  async loadURL(url) {
    this.webContents.url = url;
    this.webContents.mainFrame.url = url;
    let status = 0;
    try {
      status = (await load(url)).status;
    } catch (err) {
      record('load-failed', { url, error: String(err) });
    }
    record('loadURL', { url, status });
    setImmediate(() => {
      this.webContents.emit(status === 200 ? 'did-finish-load' : 'did-fail-load', {});
      this.emit('ready-to-show');
      hooks.loaded?.(this, status);
    });
  }
  loadFile(file) {
    return this.loadURL(require('node:url').pathToFileURL(path.resolve(file)).href);
  }
  show() {
    this.visible = true;
    focused = this;
  }
  hide() {
    this.visible = false;
  }
  focus() {
    focused = this;
  }
  isVisible() {
    return this.visible;
  }
  isFocused() {
    return focused === this;
  }
  isMinimized() {
    return false;
  }
  isDestroyed() {
    return this.destroyed;
  }
  close() {
    const event = preventable();
    this.emit('close', event);
    if (!event.defaultPrevented) this.destroy();
  }
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    windows.delete(this);
    if (focused === this) focused = null;
    this.emit('closed');
  }
  static getAllWindows() {
    return [...windows];
  }
  static getFocusedWindow() {
    return focused;
  }
  static fromWebContents(contents) {
    return [...windows].find((w) => w.webContents === contents) ?? null;
  }
}

function preventable() {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

module.exports = { record, noop, lenient, preventable, hooks, ROOT, netFetch, protocol, session };
module.exports.BrowserWindow = BrowserWindow;
