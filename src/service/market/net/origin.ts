// A market-data source's base URL given for tests (a loopback stand-in): an origin only (scheme,
// host, port), so the paths the client appends always land where expected.

/** The origin of `baseUrl`, or an error naming the source (`name`) and an `example` of a good one. */
export function originOnly(name: string, baseUrl: string, example: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new Error(`${name} base URL '${baseUrl}' is not a URL (expected e.g. ${example})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} base URL must be http(s), got '${url.protocol}'`);
  if (url.username || url.password) throw new Error(`${name} base URL must not contain credentials`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    throw new Error(`${name} base URL must be an origin only (no path), got '${baseUrl}'`);
  return url.origin;
}
