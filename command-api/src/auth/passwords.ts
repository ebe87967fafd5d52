import { hash, verify } from '@node-rs/argon2';

/**
 * OWASP's minimum argon2id profile (19 MiB, 2 passes): tens of ms here, costly for a guesser.
 * The library's default algorithm is argon2id (its const enum cannot be imported under verbatimModuleSyntax).
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A malformed stored hash counts as a mismatch, never as a crash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time for an unknown email as for a wrong password, so timing reveals no accounts. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('no account has this password');
  await verifyPassword(await dummyHash, password);
  return false;
}
