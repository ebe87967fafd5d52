import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export interface AdminCredentials {
  readonly email: string;
  readonly password: string;
}

export const DEMO_ADMIN_EMAIL = 'admin@demo.example';
const fileSchema = z.object({ email: z.email(), password: z.string().min(12) });

/**
 * The embedded default's demo administrator: a random password made on the first start and kept
 * in the (git-ignored) data folder, so every later start can print it again. Never in the UI bundle.
 */
export async function demoAdmin(dataDir: string): Promise<AdminCredentials> {
  const file = path.join(dataDir, 'demo-admin.json');
  if (existsSync(file)) {
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
    throw new Error(`${file} is not valid: delete it together with ${dataDir}/postgres to start afresh`);
  }
  const credentials = { email: DEMO_ADMIN_EMAIL, password: randomBytes(12).toString('base64url') };
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}
