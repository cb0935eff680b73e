// JSON calls to one instance or to the load balancer: status and parsed body, never a throw on 4xx/5xx.

/** One request; `forwardedFor` is the client address a proxy in front of nginx would have added. */
export async function call(base, method, url, { token, body, forwardedFor, headers = {} } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { token } : {}),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, retryAfter: res.headers.get('retry-after') };
}

/** A token for `admin`, or a throw saying what the BFF answered. */
export async function signIn(base, admin, options = {}) {
  const res = await call(base, 'POST', '/users/login', { ...options, body: admin });
  if (res.status !== 200 || typeof res.body?.token !== 'string') {
    throw new Error(`sign-in at ${base} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return res.body.token;
}

/** Counts of each status, e.g. { 200: 1, 409: 1 }. */
export function tally(statuses) {
  const counts = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

export const describeTally = (counts) =>
  Object.entries(counts)
    .map(([status, n]) => `${n}×${status}`)
    .join(', ');

/** Polls `read` until it returns a truthy value; null after `timeoutMs`. */
export async function until(read, { timeoutMs, intervalMs = 200 }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) return null;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
