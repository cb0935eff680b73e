// The static server for production builds, as they are deployed (npm start, scripts/serve.mjs, the
// e2e stack, the docker images): Fastify + @fastify/static. SPA fallback for the host (and its lean
// sign-in page, login.html, for /auth/login), trailing slash or not; brotli/gzip files made at build
// time (shared/build) chosen by Accept-Encoding; ETag and Last-Modified on everything, entries and
// manifests revalidated (no-cache → 304), content-hashed chunks immutable; CSP and the other security
// headers; CORS only on remote files; source maps never served.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { BASE_HEADERS, contentSecurityPolicy } from './securityHeaders.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Paths of the host (a `spa` mount) answered with another HTML file than index.html: the lean
 * sign-in page (host/webpack.config.js builds it as login.html beside the console). A host release
 * without that file (built before it existed) gets index.html, whose console shows the same page.
 */
export const SPA_PAGES = { 'auth/login': 'login.html' };

/** The HTML file a `spa` mount answers an extensionless path with. */
function spaPage(root, relative) {
  const page = SPA_PAGES[relative];
  return page && fs.existsSync(path.join(root, page)) ? page : 'index.html';
}

/** Content-hashed names (name.1a2b3c4d.js) never change: cache forever. Everything else revalidates. */
export function cacheControlFor(file) {
  return /\.[0-9a-f]{8,}\.(js|css|map|txt)$/.test(path.basename(file)) || /\.[0-9a-f]{8,}\.js\.LICENSE\.txt$/.test(file)
    ? IMMUTABLE
    : 'no-cache';
}

/** The request path, decoded; null when its percent-encoding is malformed (a 400, never a crash). */
function decodedPathname(rawUrl) {
  try {
    return decodeURIComponent(new URL(rawUrl ?? '/', 'http://localhost').pathname);
  } catch {
    return null;
  }
}

function notFound(reply) {
  return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Not found');
}

/** Strong ETag of a generated body, so /config.json is revalidated (304) like a file. */
function etagOf(body) {
  return `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function ifNoneMatch(request, etag) {
  const header = request.headers['if-none-match'];
  return typeof header === 'string' && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * @param {{
 *   port: number, host?: string,
 *   mounts: { prefix: string, dir: string | (() => string | null), spa?: boolean, cors?: boolean }[],
 *   routes?: Record<string, () => unknown>,
 *   config?: () => object,
 * }} options
 *   dir: a folder, or a function giving it per request (a host whose pinned version can change).
 *   spa: paths without an extension, and any path ending in a slash, get the folder's index.html
 *     (the host), or the page SPA_PAGES names for them (/auth/login and /auth/login/ → login.html).
 *   cors: its files may be fetched from another origin (a remote's files, loaded by the host).
 *   routes: exact paths answered with JSON computed per request (e.g. /health).
 *   config: the runtime configuration, computed per request: served as /config.json, and the origins
 *     it names make the Content-Security-Policy of the pages.
 * @returns {Promise<import('node:http').Server>} the listening server (close() stops it).
 */
export async function startStaticServer({ port, host = '127.0.0.1', mounts, routes = {}, config }) {
  const ordered = [...mounts].sort((a, b) => b.prefix.length - a.prefix.length);
  const jsonRoutes = { ...routes, ...(config ? { '/config.json': config } : {}) };
  const badRequest = (reply) => reply.code(400).headers(BASE_HEADERS).type('text/plain; charset=utf-8').send('Bad request: malformed URL');
  const app = Fastify({
    logger: false,
    return503OnClosing: false,
    // The router refuses a malformed path (GET /%) before any hook: answer it like every other reply.
    frameworkErrors: (error, _request, reply) => (error.code === 'FST_ERR_BAD_URL' ? badRequest(reply) : reply.send(error)),
  });
  await app.register(fastifyStatic, {
    serve: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    // Only the files a mount exposes: no dot files (.staging), no directory listings.
    dotfiles: 'deny',
    index: false,
  });

  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(BASE_HEADERS);
  });

  const sendJson = (request, reply, pathname) => {
    let body;
    try {
      body = JSON.stringify(jsonRoutes[pathname](), null, 2);
    } catch (error) {
      return reply.code(500).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(`${pathname}: ${error.message}`);
    }
    const etag = etagOf(body);
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
    if (ifNoneMatch(request, etag)) return reply.code(304).send();
    return reply.send(body);
  };

  const sendFile = (reply, mount, root, relative) => {
    if (mount.cors) reply.header('access-control-allow-origin', '*');
    if (relative.endsWith('.html') && mount.spa && config) reply.header('content-security-policy', contentSecurityPolicy(config()));
    reply.header('cache-control', cacheControlFor(relative));
    return reply.sendFile(relative, root);
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '*',
    handler(request, reply) {
      const pathname = decodedPathname(request.url);
      if (pathname === null || pathname.includes('\0')) return badRequest(reply);
      if (jsonRoutes[pathname]) return sendJson(request, reply, pathname);
      // Source maps are built (for error reports) but not published.
      if (pathname.endsWith('.map')) return notFound(reply);
      const mount = ordered.find((m) => pathname === m.prefix || pathname.startsWith(m.prefix.endsWith('/') ? m.prefix : `${m.prefix}/`));
      const dir = mount && (typeof mount.dir === 'function' ? mount.dir() : mount.dir);
      if (!dir) return notFound(reply);
      const root = path.resolve(dir);
      // URL parsing already removed "." and ".." segments; @fastify/send refuses anything outside root.
      let relative = pathname.slice(mount.prefix.length).replace(/^\/+/, '');
      // A trailing slash under the host is a console path (/admin/, /auth/login/): its page, never a file.
      if (mount.spa && relative.endsWith('/')) relative = spaPage(root, relative.replace(/\/+$/, ''));
      else if (relative === '' || relative.endsWith('/')) relative += 'index.html';
      else if (mount.spa && !path.extname(relative)) relative = spaPage(root, relative);
      return sendFile(reply, mount, root, relative);
    },
  });

  // A missing file under a mount: the SPA's index.html is only for paths without an extension.
  app.setNotFoundHandler((_request, reply) => notFound(reply));

  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '*',
    handler: (_request, reply) => reply.code(405).header('allow', 'GET, HEAD').send(),
  });

  await app.listen({ port, host });
  return app.server;
}
