import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Seals short secrets (a mail's single-use links) with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export type SecretBox = { seal: (plain: string) => string; open: (sealed: string) => string };

export function secretBox(keyMaterial: string): SecretBox {
  const key = createHash('sha256').update(`club-secret-box:${keyMaterial}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('secret box: not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
