import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's cost (19 MiB, 2 passes, 1 lane). The library's default algorithm
 * is argon2id; its `Algorithm` const enum cannot be read under isolatedModules, so the stored prefix
 * below is what pins it (and what the tests check).
 */
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;
const CURRENT_HASH_PREFIX = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

/** The scrypt hashes stored before argon2id: `scrypt$N$r$p$salt$key`, still verified until re-hashed. */
const LEGACY_SCRYPT_MAX_MEMORY = 64 * 1024 * 1024;
const LEGACY_SCRYPT_KEY_LENGTH = 32;

// NFKC: the same password typed on another keyboard or system (composed or decomposed accents,
// full-width digits) must still match; the scrypt hashes were made of the NFKC form too.
function normalized(password: string): string {
  return password.normalize('NFKC');
}

function deriveScryptKey(
  password: string,
  salt: Buffer,
  cost: number,
  blockSize: number,
  parallelism: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      normalized(password),
      salt,
      LEGACY_SCRYPT_KEY_LENGTH,
      { N: cost, r: blockSize, p: parallelism, maxmem: LEGACY_SCRYPT_MAX_MEMORY },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

async function verifyScryptPassword(password: string, stored: string): Promise<boolean> {
  const [, cost, blockSize, parallelism, salt, expected] = stored.split('$');
  if (!cost || !blockSize || !parallelism || !salt || !expected) return false;
  const expectedKey = Buffer.from(expected, 'base64url');
  const key = await deriveScryptKey(
    password,
    Buffer.from(salt, 'base64url'),
    Number(cost),
    Number(blockSize),
    Number(parallelism),
  );
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(normalized(password), ARGON2_OPTIONS);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return verifyScryptPassword(password, stored);
  if (!stored.startsWith('$argon2id$')) return false;
  try {
    return await argon2Verify(stored, normalized(password));
  } catch {
    // A damaged stored hash is a failed sign-in, not a 500.
    return false;
  }
}

/** A hash made by an older scheme or at an older cost: replaced at the next successful sign-in. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_HASH_PREFIX);
}

/** Verifying against this keeps "no such account" as slow as "wrong password". */
let decoyHash: Promise<string> | undefined;
export function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}
