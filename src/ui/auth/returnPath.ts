/** Where /login sends the user after sign-in: a same-site path from `redirect` or `signInSuccessUrl`, else /pose. */
export function returnPath(search: URLSearchParams, fallback = '/pose'): string {
  const raw = search.get('redirect') ?? search.get('signInSuccessUrl');
  if (!raw) return fallback;
  let url: URL;
  try {
    url = new URL(raw, 'http://same.invalid');
  } catch {
    return fallback;
  }
  // Only our own paths: an absolute or protocol-relative URL would make /login an open redirect.
  if (url.origin !== 'http://same.invalid' || url.pathname.startsWith('/login')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
