/**
 * What the list's copy holds instead of a code (the server's `codeHash`, event-day/offline.ts): the
 * first 16 bytes of the code's SHA-256 in base64url. The gate hashes what it reads the same way, with
 * the spaces of a typed code removed as the server does.
 */
export async function codeHash(code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code.replace(/\s+/g, '')));
  const bytes = new Uint8Array(digest).subarray(0, 16);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
