import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { parseEnv, withoutResolvedFiles } from './env';
import { serviceEnvSchema } from './service-env';

const folder = mkdtempSync(path.join(tmpdir(), 'env-files-'));
function secretFile(name: string, text: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, text);
  return file;
}

// As the command API builds its schema: the shared service settings extended, then joined with others.
const schema = serviceEnvSchema
  .extend({ SMTP_URL: z.string().optional(), REPORT_CLOCK_FILE: z.string().optional() })
  .and(z.object({ ADMIN_PASSWORD: z.string().min(12).optional() }));

describe('settings given as files (X_FILE)', () => {
  it('reads each secret from its file, without the newline an editor leaves at the end', () => {
    const env = parseEnv(schema, {
      DATABASE_URL_FILE: secretFile('database-url', 'postgres://care:s3cret@postgres:5432/care\n'),
      EVENTSTORE_URL_FILE: secretFile('eventstore-url', 'esdb://admin:pw@eventstoredb:2113?tls=true\r\n'),
      ADMIN_PASSWORD_FILE: secretFile('admin-password', 'correct horse battery\n'),
      SMTP_URL_FILE: secretFile('smtp-url', 'smtp://mailer:pw@mail.example:587'),
    });
    expect(env.DATABASE_URL).toBe('postgres://care:s3cret@postgres:5432/care');
    expect(env.EVENTSTORE_URL).toBe('esdb://admin:pw@eventstoredb:2113?tls=true');
    expect(env.ADMIN_PASSWORD).toBe('correct horse battery');
    expect(env.SMTP_URL).toBe('smtp://mailer:pw@mail.example:587');
  });

  it('validates a value read from a file like one given directly', () => {
    expect(() =>
      parseEnv(schema, {
        DATABASE_URL: 'postgres://care@postgres/care',
        ADMIN_PASSWORD_FILE: secretFile('short-password', 'too short\n'),
      }),
    ).toThrow(/ADMIN_PASSWORD:/);
  });

  it('refuses a setting given both ways, naming both', () => {
    expect(() =>
      parseEnv(schema, {
        DATABASE_URL: 'postgres://care:one@postgres/care',
        DATABASE_URL_FILE: secretFile('database-url-2', 'postgres://care:two@postgres/care\n'),
      }),
    ).toThrow('DATABASE_URL: set either DATABASE_URL or DATABASE_URL_FILE, not both');
  });

  it('takes the file when the variable itself is blank (a launcher passing an empty default)', () => {
    const env = parseEnv(schema, {
      DATABASE_URL: 'postgres://care@postgres/care',
      ADMIN_PASSWORD: '',
      ADMIN_PASSWORD_FILE: secretFile('admin-password-2', 'correct horse battery\n'),
    });
    expect(env.ADMIN_PASSWORD).toBe('correct horse battery');
  });

  it('names the variable and the path of a file it cannot read', () => {
    const missing = path.join(folder, 'no-such-file');
    expect(() => parseEnv(schema, { DATABASE_URL_FILE: missing })).toThrow(
      `DATABASE_URL_FILE: cannot read ${missing} (ENOENT)`,
    );
  });

  it('leaves a setting whose own name ends in _FILE, and _FILE variables the service does not use, alone', () => {
    const env = parseEnv(schema, {
      DATABASE_URL: 'postgres://care@postgres/care',
      REPORT_CLOCK_FILE: path.join(folder, 'clock-not-written-yet'),
      UNRELATED_FILE: path.join(folder, 'not-there-either'),
    });
    expect(env.REPORT_CLOCK_FILE).toBe(path.join(folder, 'clock-not-written-yet'));
  });

  it('a launcher hands on X without the X_FILE it came from, and keeps an X_FILE it did not resolve', () => {
    expect(
      withoutResolvedFiles({
        DATABASE_URL: 'postgres://care@db/care',
        DATABASE_URL_FILE: '/run/secrets/database_url',
        SMTP_URL_FILE: '/run/secrets/smtp_url',
        REPORT_CLOCK_FILE: '/tmp/clock',
      }),
    ).toEqual({
      DATABASE_URL: 'postgres://care@db/care',
      SMTP_URL_FILE: '/run/secrets/smtp_url',
      REPORT_CLOCK_FILE: '/tmp/clock',
    });
  });
});
