import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, DEFAULT_AGENCY_SETTINGS, londonTimeToInstant, londonToday } from '@care/events';
import { createLogger } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { pdfText } from '@care/documents/testing';
import { createReadModelDb, READ_MODEL_SCHEMA, startProjector, type RunningProjector } from '@care/projector';
import { startCommandApiOn, type RunningCommandApi } from '@care/command-api/testing';
import { startMailJobs } from './mail-jobs';
import { MailSender } from './mail-sender';
import { fileTransport, smtpTransport } from './mail-transport';
import { runAppointmentReminders, runTrainingExpiryNotices } from './notification-jobs';
import { ensureMailSchema, enqueueMail, FinanceService, MAIL_SCHEMA } from '@care/command-api';

const log = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let api: RunningCommandApi;
let projector: RunningProjector;
let smtp: SMTPServer;
let smtpUrl: string;
let refuseNext = 0;
const received: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'mail');
  pool = new pg.Pool({ connectionString: database.url, max: 6 });
  await ensureMailSchema(pool);
  api = await startCommandApiOn(database.url);
  projector = await startProjector({ store: api.store, pool, db: createReadModelDb(pool), log });
  // A real SMTP server on loopback, started by the test: it refuses when told to (a full mailbox, a greylist).
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refuseNext > 0) {
        refuseNext -= 1;
        const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await projector?.stop();
  await api?.close();
  await pool?.end();
  await database?.drop();
});

const outboxRow = async (subject: string) =>
  (
    await pool.query<{ status: string; attempts: number; last_error: string | null; transport: string | null }>(
      `SELECT status, attempts, last_error, transport FROM ${MAIL_SCHEMA}.outbox WHERE subject = $1`,
      [subject],
    )
  ).rows[0];

describe('the mail sender', () => {
  it('delivers through SMTP, and retries with back-off after the server refuses once', async () => {
    const sender = new MailSender(pool, smtpTransport(smtpUrl, 'Care <no-reply@care.example>'), log, {
      firstRetryMs: 60_000,
    });
    await enqueueMail(pool, {
      kind: 'maintenance-alert',
      to: 'admin@care.example',
      subject: 'Refused once',
      text: 'Hello',
    });
    refuseNext = 1;
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await outboxRow('Refused once')).toMatchObject({ status: 'pending', attempts: 1, transport: 'smtp' });
    expect((await outboxRow('Refused once'))!.last_error).toContain('Mailbox busy');
    // Not due yet: the back-off holds it for a minute.
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const wait = await pool.query<{ seconds: number }>(
      `SELECT extract(epoch FROM next_attempt_at - now())::int AS seconds FROM ${MAIL_SCHEMA}.outbox WHERE subject = 'Refused once'`,
    );
    expect(wait.rows[0]!.seconds).toBeGreaterThan(50);
    // The minute passes.
    await pool.query(`UPDATE ${MAIL_SCHEMA}.outbox SET next_attempt_at = now() WHERE subject = 'Refused once'`);
    expect(await sender.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await outboxRow('Refused once')).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    const message = received.find((mail) => mail.raw.includes('Subject: Refused once'));
    expect(message?.to).toEqual(['admin@care.example']);
  });

  it('gives a message up as failed after the last attempt, and keeps it listed', async () => {
    const sender = new MailSender(pool, smtpTransport(smtpUrl, 'Care <no-reply@care.example>'), log, {
      firstRetryMs: 60_000,
      maxAttempts: 2,
    });
    await enqueueMail(pool, {
      kind: 'maintenance-alert',
      to: 'admin@care.example',
      subject: 'Always refused',
      text: 'Hello',
    });
    refuseNext = 2;
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    // The back-off's minute passes.
    await pool.query(`UPDATE ${MAIL_SCHEMA}.outbox SET next_attempt_at = now() WHERE subject = 'Always refused'`);
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await outboxRow('Always refused')).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('without SMTP writes each message as an .eml file under the data folder', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'care-mail-'));
    try {
      const sender = new MailSender(pool, fileTransport(dir, 'Care <no-reply@care.example>'), log);
      await enqueueMail(pool, {
        kind: 'maintenance-alert',
        to: 'admin@care.example',
        subject: 'Into a file',
        text: 'Nothing is dropped',
      });
      await sender.runOnce();
      expect(await outboxRow('Into a file')).toMatchObject({ status: 'written', transport: 'file' });
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      expect(await readFile(path.join(dir, files[0]!), 'utf8')).toMatch(
        /Subject: Into a file[\s\S]*Nothing is dropped/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sends a file with the message: the attachment is in the written .eml, byte for byte, and not kept once sent', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'care-mail-'));
    try {
      const content = Buffer.from('%PDF-1.7 an invoice, byte for byte\n');
      await enqueueMail(pool, {
        kind: 'invoice',
        to: 'invoices@council.example',
        subject: 'With a file',
        text: 'Attached',
        attachments: [{ filename: 'INV-2026-7.pdf', contentType: 'application/pdf', content }],
      });
      await new MailSender(pool, fileTransport(dir, 'Care <no-reply@care.example>'), log).runOnce();
      const [file] = await readdir(dir);
      const parsed = await simpleParser(await readFile(path.join(dir, file!)));
      expect(parsed.subject).toBe('With a file');
      expect(
        parsed.attachments.map((attachment) => [
          attachment.filename,
          attachment.contentType,
          attachment.content.equals(content),
        ]),
      ).toEqual([['INV-2026-7.pdf', 'application/pdf', true]]);
      // Once delivered the file is not kept twice: the invoice's own stream renders it again.
      const kept = await pool.query<{ attachments: unknown }>(
        `SELECT attachments FROM ${MAIL_SCHEMA}.outbox WHERE subject = 'With a file'`,
      );
      expect(kept.rows).toEqual([{ attachments: null }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('an invoice sent from the command API', () => {
  it("reaches the funder with the invoice's PDF, made at delivery from the invoice and agency details as they were when sent", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'care-mail-'));
    try {
      expect(
        (
          await api.request('PUT', '/api/settings', {
            ...DEFAULT_AGENCY_SETTINGS,
            agencyName: 'Kirkgate Home Care',
            agencyPhone: '0113 496 0000',
          })
        ).status,
      ).toBe(200);
      const client = await api.request('POST', '/api/clients', {
        clientId: `CL-${randomUUID().slice(0, 8)}`,
        firstName: 'Edith',
        lastName: 'Invoiced',
        dateOfBirth: '1938-05-14',
        address: '4 Mill Lane, Leeds',
        emergencyContact: 'Paul Green',
        emergencyPhone: '07700 900123',
        careLevel: 'medium',
      });
      expect(client.status, client.text).toBe(201);
      const clientId = client.body.id as string;
      const funder = await api.request('POST', '/api/finance/funders', {
        name: 'Bradford Council',
        kind: 'local_authority',
        invoiceEmail: 'invoices@bradford.example.org',
      });
      expect(funder.status, funder.text).toBe(201);
      const funderId = funder.body.id as string;
      await api.request('POST', `/api/finance/funders/${funderId}/rates`, {
        effectiveFrom: '2026-01-01',
        weekdayHourlyPence: 24_00,
        weekendHourlyPence: 28_00,
        bankHolidayHourlyPence: 36_00,
      });
      await api.request('PUT', `/api/finance/clients/${clientId}/funding`, {
        effectiveFrom: '2026-01-01',
        shares: [{ funderId, percent: 100 }],
      });
      const visit = {
        appointmentId: randomUUID(),
        date: '2035-03-06',
        serviceName: 'Personal care',
        plannedMinutes: 60,
        actualMinutes: 60,
        mileageTenths: null,
        clientId,
      };
      const visits = { completedVisits: async () => [visit] };
      const run = await new FinanceService(api.store, visits).generateInvoices(
        { periodStart: '2035-03-01', periodEnd: '2035-03-31', clientId, issuedOn: '2035-04-02' },
        { userId: 'mail-test', requestId: 'mail-test' },
      );
      const invoice = run.invoices[0]!;
      expect(
        (await api.request('PATCH', `/api/finance/invoices/${invoice.id}`, { purchaseOrder: 'PO-BD-311' })).status,
      ).toBe(200);
      const sent = await api.request('POST', `/api/finance/invoices/${invoice.id}/sent`, {});
      expect(sent.status, sent.text).toBe(200);
      // Renamed after Send and before delivery: the funder still gets the invoice as it was sent.
      expect(
        (await api.request('PUT', '/api/settings', { ...DEFAULT_AGENCY_SETTINGS, agencyName: 'Renamed Agency' }))
          .status,
      ).toBe(200);

      await new MailSender(pool, fileTransport(dir, 'Care <no-reply@care.example>'), log).runOnce();
      const mails = await Promise.all(
        (await readdir(dir)).map(async (file) => simpleParser(await readFile(path.join(dir, file)))),
      );
      const mail = mails.find((parsed) => parsed.subject === `Invoice ${invoice.number} from Kirkgate Home Care`);
      expect(mail, mails.map((parsed) => parsed.subject).join(', ')).toBeDefined();
      expect(mail!.text).toContain(
        `Please find attached invoice ${invoice.number} for Edith Invoiced's care from 01/03/2035 to 31/03/2035.`,
      );
      expect(mail!.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
        [`${invoice.number}.pdf`, 'application/pdf'],
      ]);
      const text = await pdfText(new Uint8Array(mail!.attachments[0]!.content));
      for (const expected of [
        `Invoice ${invoice.number}`,
        'Kirkgate Home Care',
        '0113 496 0000',
        'Bradford Council',
        'Edith Invoiced',
        'PO-BD-311',
        '£24.00',
      ])
        expect(text).toContain(expected);
      expect(text).not.toContain('Renamed Agency');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('notifications, each gated by its setting', () => {
  it('sends a carer one reminder of tomorrow’s visits from 18:00, not while the setting is off, and never twice', async () => {
    const created = async (route: string, body: unknown) => {
      const reply = await api.request('POST', route, body);
      expect(reply.status, reply.text).toBe(201);
      return reply.body.id as string;
    };
    const carerId = await created('/api/carers', {
      firstName: 'Nadia',
      lastName: 'Okafor',
      email: 'nadia@care.example',
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
    });
    const clientId = await created('/api/clients', {
      clientId: 'CL-M1',
      firstName: 'Edith',
      lastName: 'Green',
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
    });
    const tomorrow = addDays(londonToday(), 1);
    const visitId = await created('/api/appointments', {
      clientId,
      carerId,
      scheduledStart: londonTimeToInstant(tomorrow, '09:30'),
      durationMinutes: 45,
      tasks: ['Breakfast'],
    });
    const db = createReadModelDb(pool);
    await expect
      .poll(() =>
        db
          .withSchema(READ_MODEL_SCHEMA)
          .selectFrom('appointments')
          .select('id')
          .where('id', '=', visitId)
          .executeTakeFirst(),
      )
      .toBeDefined();
    const evening = new Date(londonTimeToInstant(londonToday(), '19:00'));
    const deps = { pool, db, store: api.store };
    const reminders = async () =>
      (
        await pool.query(
          `SELECT recipient, subject, body FROM ${MAIL_SCHEMA}.outbox WHERE kind = 'appointment-reminder'`,
        )
      ).rows;

    const off = await api.request('PUT', '/api/settings', { ...DEFAULT_AGENCY_SETTINGS, appointmentReminders: false });
    expect(off.status, off.text).toBe(200);
    expect(await runAppointmentReminders(deps, evening)).toBe(0);
    expect(await reminders()).toEqual([]);

    expect((await api.request('PUT', '/api/settings', DEFAULT_AGENCY_SETTINGS)).status).toBe(200);
    expect(await runAppointmentReminders(deps, new Date(londonTimeToInstant(londonToday(), '12:00')))).toBe(0);
    expect(await runAppointmentReminders(deps, evening)).toBe(1);
    expect(await runAppointmentReminders(deps, evening)).toBe(0);
    const [reminder] = await reminders();
    expect(reminder).toMatchObject({ recipient: 'nadia@care.example' });
    expect(reminder.body).toContain('09:30  Edith Green');
  });

  it('tells the carer and the coordinators 30 days before a certificate expires, once, and nothing while the setting is off', async () => {
    const carer = await api.request('POST', '/api/carers', {
      firstName: 'Omar',
      lastName: 'Ali',
      email: 'omar@care.example',
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
    });
    const coordinator = await api.createUser('coordinator');
    const record = await api.request('POST', '/api/training', {
      carerId: carer.body.id,
      trainingType: 'first_aid',
      completedDate: addDays(londonToday(), -340),
      expiryDate: addDays(londonToday(), 20),
    });
    expect(record.status, record.text).toBe(201);
    const db = createReadModelDb(pool);
    await expect
      .poll(() =>
        db
          .withSchema(READ_MODEL_SCHEMA)
          .selectFrom('training_records')
          .select('id')
          .where('id', '=', record.body.id)
          .executeTakeFirst(),
      )
      .toBeDefined();
    await expect
      .poll(() =>
        db
          .withSchema(READ_MODEL_SCHEMA)
          .selectFrom('users')
          .select('id')
          .where('id', '=', coordinator.id)
          .executeTakeFirst(),
      )
      .toBeDefined();
    const deps = { pool, db, store: api.store };
    expect(
      (await api.request('PUT', '/api/settings', { ...DEFAULT_AGENCY_SETTINGS, trainingExpiryEmails: false })).status,
    ).toBe(200);
    expect(await runTrainingExpiryNotices(deps)).toBe(0);
    expect((await api.request('PUT', '/api/settings', DEFAULT_AGENCY_SETTINGS)).status).toBe(200);
    expect(await runTrainingExpiryNotices(deps)).toBe(2);
    expect(await runTrainingExpiryNotices(deps)).toBe(0);
    const recipients = (
      await pool.query<{ recipient: string }>(
        `SELECT recipient FROM ${MAIL_SCHEMA}.outbox WHERE kind = 'training-expiry' ORDER BY recipient`,
      )
    ).rows.map((row) => row.recipient);
    expect(recipients).toEqual([coordinator.email, 'omar@care.example'].sort());
  });
});

describe('password-reset links by mail', () => {
  it('"Request new password" mails the account a one-time link when mail is configured, and blanks it once sent', async () => {
    const withMail = await startCommandApiOn(database.url, { mailResetLinks: true });
    try {
      const user = await withMail.createUser('carer');
      const reply = await withMail.request('POST', '/api/login/password-reset-requests', {
        email: user.email.toUpperCase(),
      });
      expect(reply.status).toBe(202);
      expect(reply.body.message).toBe('If that email belongs to an active account, a reset link has been sent to it.');
      const unknown = await withMail.request('POST', '/api/login/password-reset-requests', {
        email: 'nobody@example.org',
      });
      expect(unknown.body).toEqual(reply.body);
      const queued = (
        await pool.query<{ recipient: string; body: string }>(
          `SELECT recipient, body FROM ${MAIL_SCHEMA}.outbox WHERE kind = 'password-reset'`,
        )
      ).rows;
      expect(queued.map((row) => row.recipient)).toEqual([user.email]);
      const link = /https?:\/\/\S+\?reset=\S+/.exec(queued[0]!.body)![0];
      await new MailSender(pool, smtpTransport(smtpUrl, 'Care <no-reply@care.example>'), log).runOnce();
      expect(received.some((mail) => mail.to.includes(user.email) && mail.raw.includes('reset='))).toBe(true);
      expect(
        (await pool.query(`SELECT body FROM ${MAIL_SCHEMA}.outbox WHERE kind = 'password-reset'`)).rows[0].body,
      ).toBeNull();
      // The link works once: the new password signs in.
      const token = new URL(link).searchParams.get('reset');
      const reset = await withMail.request('POST', '/api/login/password-reset', {
        token,
        password: 'a brand new password 42',
      });
      expect(reset.status, reset.text).toBeLessThan(300);
    } finally {
      await withMail.close();
    }
  });
});

describe('the mail jobs of the rules process', () => {
  it('deliver a message put in the outbox at once, not at the next interval an hour away', async () => {
    const lastRun = async () =>
      (
        await pool.query<{ at: Date }>(`SELECT last_run_at AS at FROM ops.job_runs WHERE name = 'mail-sender'`)
      ).rows[0]?.at.getTime() ?? 0;
    const before = await lastRun();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'care-mail-'));
    const stop = await startMailJobs(
      { pool, db: createReadModelDb(pool), store: api.store, logger: log },
      { smtpUrl, from: 'Care <no-reply@care.example>', dataDir: dir, intervalMs: 3_600_000 },
    );
    try {
      // The jobs' first run (a few seconds after the start); the next one is an hour away.
      await expect.poll(lastRun, { timeout: 15_000 }).toBeGreaterThan(before);
      await enqueueMail(pool, {
        kind: 'invoice',
        to: 'invoices@council.example',
        subject: 'Sent at once',
        text: 'Attached',
      });
      await expect
        .poll(() => received.some((mail) => mail.raw.includes('Subject: Sent at once')), { timeout: 5_000 })
        .toBe(true);
      // The server has the message a moment before the sender's transaction marks it sent.
      await expect.poll(() => outboxRow('Sent at once')).toMatchObject({ status: 'sent', transport: 'smtp' });
    } finally {
      stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
