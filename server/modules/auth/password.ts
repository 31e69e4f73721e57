import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** decisions §1: a memory-hard hash. scrypt N=2^15, r=8, p=1 is about 32 MiB and tens of milliseconds. */
const COST = 32768;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

function deriveKey(password: string, salt: Buffer, cost: number, blockSize: number, parallelism: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: cost, r: blockSize, p: parallelism, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, COST, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !blockSize || !parallelism || !salt || !expected) return false;
  const expectedKey = Buffer.from(expected, 'base64url');
  const key = await deriveKey(password, Buffer.from(salt, 'base64url'), Number(cost), Number(blockSize), Number(parallelism));
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}

/** Verifying against this keeps "no such account" as slow as "wrong password". */
let decoyHash: Promise<string> | undefined;
export function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}
