/* global self, caches */
// The web app's service worker: makes the site installable and lets the shell open without a
// network. It never stores API answers (balances, messages, sessions), only the built assets
// (their names carry a content hash, so a cached one is never stale) and the page shell.
const CACHE = 'shell-v1';
const SHELL = '/';
// The member API, the vendor and lottery gateways, the API docs, the websocket, the back office
// and the health check go to the network untouched.
const NEVER_CACHED = /^\/(wps|lgw|lotto|docs|admin|healthz)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(SHELL, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER_CACHED.test(url.pathname)) return;

  if (request.mode === 'navigate') {
    // Fresh page first; the cached shell only when the network is down.
    event.respondWith(
      fetch(request).catch(() => caches.match(SHELL).then((cached) => cached ?? Response.error())),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
