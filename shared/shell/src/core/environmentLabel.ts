const KNOWN_PREFIXES = ['beta-dev', 'beta-stg', 'beta-prd', 'dev', 'stg', 'prd'];

/**
 * Navbar label (seed §2, PRODUCT §5): LOCAL on a local API host, else the API host's
 * environment prefix upper-cased (stg-bff.example.com, beta-dev.api.example.com), else PRD.
 */
export function environmentLabel(apiBase: string): string {
  let host: string;
  try {
    host = new URL(apiBase).hostname.toLowerCase();
  } catch {
    return 'PRD';
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.') || host === '[::1]' || host.endsWith('.local')) {
    return 'LOCAL';
  }
  const prefix = KNOWN_PREFIXES.find((p) => host.startsWith(`${p}.`) || host.startsWith(`${p}-`));
  return prefix ? prefix.toUpperCase() : 'PRD';
}
