import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Identity numbers at rest (issue 31, docs/privacy.md): AES-256-GCM with a key from configuration
 * (PII_KEY, older keys in PII_OLD_KEYS while a rotation runs). Each stored value keeps the id of the
 * key that sealed it, beside it in its own column, so keys can rotate (`npm run pii:rotate`). The
 * associated data binds a value to its column and row: a sealed value copied onto another row does
 * not open.
 */
export type PiiKey = { id: string; key: Buffer };
export type PiiKeyring = {
  current: PiiKey;
  /** Every key that may open a value: the current one and the old ones, by id. */
  keys: Map<string, Buffer>;
  /** True when the development/test key stands in (no PII_KEY configured). */
  isDevelopmentKey: boolean;
};

/** `<id>:<32 bytes in base64>`, as `openssl rand -base64 32` prints them. */
export const PII_KEY_PATTERN = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/]{43}=)$/;

/**
 * The development and test key: NOT SECRET (it is in the source). Used only when PII_KEY is unset,
 * which config.ts refuses for a real installation (NODE_ENV=production with SEED=none).
 */
export const DEVELOPMENT_PII_KEY = `dev-not-secret:${createHash('sha256')
  .update('excellence-club: development and test PII key, not secret')
  .digest('base64')}`;

export function parsePiiKey(spec: string): PiiKey {
  const match = PII_KEY_PATTERN.exec(spec.trim());
  if (!match) throw new Error('a PII key must be <key-id>:<32 bytes in base64> (openssl rand -base64 32)');
  return { id: match[1]!, key: Buffer.from(match[2]!, 'base64') };
}

export function piiKeyring(settings: { PII_KEY?: string; PII_OLD_KEYS?: string }): PiiKeyring {
  const current = parsePiiKey(settings.PII_KEY ?? DEVELOPMENT_PII_KEY);
  const keys = new Map<string, Buffer>();
  for (const spec of (settings.PII_OLD_KEYS ?? '').split(',').filter((s) => s.trim())) {
    const old = parsePiiKey(spec);
    keys.set(old.id, old.key);
  }
  keys.set(current.id, current.key);
  return { current, keys, isDevelopmentKey: settings.PII_KEY === undefined };
}

const rings = new WeakMap<object, PiiKeyring>();
/** The keyring of a loaded configuration, parsed once. */
export function keyringOf(config: { PII_KEY?: string; PII_OLD_KEYS?: string }): PiiKeyring {
  let ring = rings.get(config);
  if (!ring) {
    ring = piiKeyring(config);
    rings.set(config, ring);
  }
  return ring;
}

export class PiiKeyError extends Error {}

/** Seals a value with the current key: `v1.<iv>.<tag>.<ciphertext>` (base64url) and the key's id. */
export function sealPii(ring: PiiKeyring, plain: string, context: string): { value: string; keyId: string } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const value = ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
  return { value, keyId: ring.current.id };
}

/** Opens a sealed value; throws PiiKeyError when its key is not configured or does not open it. */
export function openPii(ring: PiiKeyring, sealed: string, keyId: string, context: string): string {
  const key = ring.keys.get(keyId);
  if (!key) throw new PiiKeyError(`the key "${keyId}" is not configured (PII_KEY or PII_OLD_KEYS)`);
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new PiiKeyError('not a sealed value');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new PiiKeyError(`the key "${keyId}" does not open the value: a wrong key under that id`);
  }
}

/** What staff and API answers show of an identity number: only its last three digits. */
export function maskIdentityNumber(value: string): string {
  return `${'•'.repeat(Math.max(value.length - 3, 0))}${value.slice(-3)}`;
}
