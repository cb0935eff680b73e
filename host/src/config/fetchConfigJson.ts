/**
 * /config.json's body, unchecked: the console checks it with the contract's schema, the sign-in page
 * (no zod on its path) only the fields it uses. Both report the same messages.
 */
export async function fetchConfigJson(url: string, fetchImpl: typeof fetch): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-store' });
  } catch {
    throw new Error(`Could not fetch ${url}: check that the console's server is running.`);
  }
  if (!response.ok) throw new Error(`Could not fetch ${url} (HTTP ${response.status}).`);
  try {
    return await response.json();
  } catch {
    throw new Error(`${url} is not valid JSON.`);
  }
}
