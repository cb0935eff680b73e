// Response headers that keep the console's pages from being framed, sniffed or made to load code
// from anywhere its runtime configuration does not name.

/** Sent with every response. */
export const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // frame-ancestors 'none' in the CSP is the standard; X-Frame-Options covers older browsers.
  'X-Frame-Options': 'DENY',
};

/** The origin of an absolute http(s)/ws(s) URL; null for a relative one (same origin: 'self'). */
function originOf(url) {
  if (typeof url !== 'string' || !/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return null;
  try {
    const { protocol, origin, host } = new URL(url);
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(protocol)) return null;
    // new URL('ws://x').origin is "null": build it from the parts.
    return origin !== 'null' ? origin : `${protocol}//${host}`;
  } catch {
    return null;
  }
}

const unique = (values) => [...new Set(values.filter(Boolean))];

/**
 * A Content-Security-Policy allowing exactly the origins the runtime configuration (/config.json)
 * names: remote entries (scripts, manifests), the two API bases and the chain RPC (fetches).
 *
 * style-src needs 'unsafe-inline': styled-components writes its rules into <style> elements at run
 * time, and the host and every remote each run it. A nonce would have to be minted per response and
 * written into index.html (so index.html could never be answered 304 from its ETag), and every
 * remote's copy would have to pick it up; inline *scripts* stay forbidden, which is what matters.
 */
export function contentSecurityPolicy(config) {
  const remoteOrigins = unique(Object.values(config?.remotes ?? {}).map((remote) => originOf(remote?.entry)));
  const apiOrigins = unique([config?.apiBase, config?.pointsApiBase, config?.chainRpcUrl].map(originOf));
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remoteOrigins],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...remoteOrigins],
    'font-src': ["'self'", 'data:', ...remoteOrigins],
    'connect-src': ["'self'", ...unique([...remoteOrigins, ...apiOrigins])],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
