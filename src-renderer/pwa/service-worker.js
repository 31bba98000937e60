// The web UI's service worker (served as /sw.js; vite.config.ts stamps the build into VERSION).
// It exists so a phone can install the UI and still open its shell without a connection.
// Network first for everything it handles: a reachable server always wins, the cache answers
// only when the network fails. It never touches the APIs, WebSockets or media: their answers
// are live state (task status, mail) or large ranged files, and a stale copy would lie.

const VERSION = '__BUILD_VERSION__';
const PREFIX = 'ephemera-shell-';
const CACHE = `${PREFIX}${VERSION}`;
const SHELL = '/';
const NEVER = /^\/(api|ws)(\/|$)/;

self.addEventListener('install', (event) => {
  // Requests to the APIs bypass this worker altogether where the browser can route them
  // (Static Routing API): besides saving a hop, a page's keepalive DELETE sent while it
  // unloads (a removal committed on pagehide) was sometimes lost when it had to wake the worker.
  if (typeof event.addRoutes === 'function') {
    event.addRoutes([
      { condition: { urlPattern: '/api/*' }, source: 'network' },
      { condition: { urlPattern: '/ws/*' }, source: 'network' },
    ]);
  }
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  if (!handles(event.request)) return;
  event.respondWith(networkFirst(event));
});

/** index.html and the files it names (hashed scripts and styles, icons): the offline shell. */
async function precacheShell() {
  const cache = await caches.open(CACHE);
  const response = await fetch(SHELL, { cache: 'no-cache' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put(SHELL, response);
  const files = [...html.matchAll(/(?:src|href)="(\/[^"/][^"]*)"/g)]
    .map((match) => match[1])
    .filter((file) => !NEVER.test(file));
  await cache.addAll([...new Set(files)]);
}

function handles(request) {
  if (request.method !== 'GET' || request.headers.has('range')) return false;
  if (request.destination === 'video' || request.destination === 'audio') return false;
  const url = new URL(request.url);
  return url.origin === self.location.origin && !NEVER.test(url.pathname);
}

async function networkFirst(event) {
  const { request } = event;
  const navigation = request.mode === 'navigate';
  try {
    const response = await fetch(request);
    const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
    // Every page route answers the same shell, so one copy serves them all offline.
    if (response.ok && (!navigation || html)) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((c) => c.put(navigation ? SHELL : request, copy)));
    }
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(navigation ? SHELL : request);
    if (cached) return cached;
    throw error;
  }
}
