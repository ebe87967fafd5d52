import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The compose files, the image and the proxy as a reviewer checks them before a deployment: valid Compose files, then
 * the rules production needs (docs/decisions/0029-production-compose.md). Docker itself is used where this machine
 * has it; each check that needs a program the machine lacks is skipped, saying which.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const PRODUCTION = 'docker-compose.yml';
const TRIAL = 'docker-compose.trial.yml';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const envValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const serviceSchema = z.object({
  image: z.string().optional(),
  build: z.unknown().optional(),
  command: z.array(z.string()).optional(),
  entrypoint: z.array(z.string()).optional(),
  init: z.boolean().optional(),
  ports: z.array(z.string()).optional(),
  environment: z.record(z.string(), envValue).optional(),
  env_file: z.array(z.object({ path: z.string(), required: z.boolean().optional() })).optional(),
  secrets: z.array(z.string()).optional(),
  volumes: z.array(z.string()).optional(),
  depends_on: z.record(z.string(), z.object({ condition: z.string() })).optional(),
  healthcheck: z.object({ test: z.array(z.string()), disable: z.boolean().optional() }).optional(),
  networks: z.record(z.string(), z.object({ ipv4_address: z.string().optional() })).optional(),
});
const composeSchema = z.object({
  name: z.string(),
  services: z.record(z.string(), serviceSchema),
  secrets: z.record(z.string(), z.object({ file: z.string() })).optional(),
  volumes: z.record(z.string(), z.unknown()).optional(),
});
type Service = z.output<typeof serviceSchema>;

/** The file as Compose reads it: YAML with its merge keys (`<<: *app`) applied. */
const loaded = (file: string): unknown => parse(read(file), { merge: true });
const compose = (file: string) => composeSchema.parse(loaded(file));

/** The services built from this repository's Dockerfile: the product's own processes. */
const appServices = (services: Record<string, Service>) =>
  Object.entries(services).filter(([, service]) => service.build !== undefined);

const hasTool = (command: string, ...args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const composeAvailable = hasTool('docker', 'compose', 'version');
const dockerEngineAvailable = hasTool('docker', 'info');
const caddyAvailable = hasTool('caddy', 'version');

/** The files a generator script writes into a fresh folder (its *_DIR variable), relative to that folder. */
function filesWrittenBy(script: string, dirVariable: string): { dir: string; files: string[] } {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'deploy-')), 'out');
  execFileSync('sh', [path.join(ROOT, script)], { env: { ...process.env, [dirVariable]: dir }, stdio: 'pipe' });
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(folder, entry.name)) : [path.relative(dir, path.join(folder, entry.name))],
    );
  return { dir, files: walk(dir).sort() };
}

describe('both compose files are valid Compose', () => {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  const validate = ajv.compile(JSON.parse(read('scripts/deploy/compose-spec/compose-spec.json')) as object);

  it.each([PRODUCTION, TRIAL])('%s follows the Compose Specification schema', (file) => {
    const valid = validate(loaded(file));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the schema check does catch a mistyped key', () => {
    expect(validate(parse('services:\n  api:\n    image: a:1.0.0\n    helthcheck:\n      test: [CMD, "true"]\n'))).toBe(
      false,
    );
  });

  it.skipIf(!composeAvailable)(
    `docker compose config accepts both files${composeAvailable ? '' : ' (skipped: this machine has no docker compose)'}`,
    () => {
      for (const file of [PRODUCTION, TRIAL]) {
        const run = spawnSync('docker', ['compose', '-f', file, 'config', '-q'], { cwd: ROOT, encoding: 'utf8' });
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
      }
    },
  );

  it.each([PRODUCTION, TRIAL])(
    '%s has no required-variable interpolation, so `docker compose down` works without the settings',
    (file) => {
      expect(read(file)).not.toMatch(/\$\{[A-Z_]+:?\?/);
    },
  );
});

describe('the production compose file', () => {
  const production = compose(PRODUCTION);
  const services = production.services;

  it('publishes no port but the proxy’s; EventStoreDB and PostgreSQL are on the compose network only', () => {
    expect(services.postgres?.ports).toBeUndefined();
    expect(services.eventstoredb?.ports).toBeUndefined();
    const publishing = Object.entries(services).filter(([, service]) => service.ports !== undefined);
    expect(publishing.map(([name]) => name)).toEqual(['caddy']);
  });

  it('pins every image to an exact version, the Dockerfile’s Node included', () => {
    // major.minor.patch, with a variant after it; PostgreSQL's own versions have two parts (17.6).
    const exact = /^(postgres:\d+\.\d+|[a-z0-9./_-]+:\d+\.\d+\.\d+)(-[a-z0-9.-]+)?$/;
    for (const [name, service] of Object.entries(services)) {
      if (service.build !== undefined) continue; // built here from the Dockerfile, checked below
      expect(service.image, name).toMatch(exact);
    }
    const bases = [...read('Dockerfile').matchAll(/^FROM\s+(\S+)/gm)].map((match) => match[1]);
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toMatch(exact);
  });

  it('gives every service a health check, and starts each only once what it depends on is healthy', () => {
    for (const [name, service] of Object.entries(services)) {
      expect(service.healthcheck?.test.length, name).toBeGreaterThan(0);
      expect(service.healthcheck?.disable ?? false, name).toBe(false);
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(`${name} → ${dependency}: ${condition}`).toBe(`${name} → ${dependency}: service_healthy`);
        expect(services[dependency], `${name} depends on ${dependency}`).toBeDefined();
      }
    }
  });

  it('holds no password or credentials: secrets come from files through X_FILE variables', () => {
    const text = read(PRODUCTION);
    // user:password@ inside any URL
    expect(text).not.toMatch(/[a-z]+:\/\/[^\s/@:]+:[^\s/@]+@/i);
    for (const [name, service] of Object.entries(services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (/(PASSWORD|SECRET|TOKEN|_URL)$/.test(key) && !/^(PUBLIC_URL|COMMAND_API_URL|READ_API_URL)$/.test(key))
          throw new Error(`${name} sets ${key} in plain text: give it as ${key}_FILE from a secret`);
        // Each X_FILE a product service is given is one of its own mounted secrets.
        if (service.build !== undefined && key.endsWith('_FILE')) {
          const secret = /^\/run\/secrets\/([a-z_]+)$/.exec(String(value))?.[1];
          expect(secret, `${name} ${key}`).toBeDefined();
          expect(service.secrets ?? [], `${name} mounts ${secret}`).toContain(secret);
        }
      }
    }
  });

  it('runs the product’s services as compiled JavaScript under an init, with their health checks compiled too', () => {
    const apps = appServices(services);
    expect(apps.map(([name]) => name).sort()).toEqual([
      'command-api',
      'projector',
      'read-api-1',
      'read-api-2',
      'rules',
      'ui',
    ]);
    for (const [name, service] of apps) {
      const command = (service.command ?? []).join(' ');
      expect(command, name).toMatch(
        /(^|exec )node (--[a-z-]+ )*dist\/(command-api|projector|read-api|rules|ui-server)\.mjs/,
      );
      expect(command, name).not.toMatch(/tsx|npx|\.ts\b/);
      expect(service.init, name).toBe(true);
      expect(service.healthcheck?.test.slice(0, 3), name).toEqual(['CMD', 'node', 'dist/healthcheck.mjs']);
    }
  });

  it('declares as secrets exactly the files generate-secrets.sh writes, each used by a service', () => {
    const { files } = filesWrittenBy('scripts/deploy/generate-secrets.sh', 'SECRETS_DIR');
    const declared = production.secrets ?? {};
    expect(Object.keys(declared).sort()).toEqual(files);
    for (const [name, { file }] of Object.entries(declared)) {
      expect(file).toBe(`deploy/secrets/${name}`);
      expect(
        Object.values(services).some((service) => service.secrets?.includes(name)),
        name,
      ).toBe(true);
    }
  });

  it('mounts EventStoreDB’s certificates from where generate-certs.sh writes them, and the CA wherever its URL names it', () => {
    const { files } = filesWrittenBy('scripts/deploy/generate-certs.sh', 'CERTS_DIR');
    const mounted = new Map<string, string>(); // path in the container → file the script wrote
    for (const [name, service] of Object.entries(services)) {
      for (const volume of service.volumes ?? []) {
        const [source = '', target = ''] = volume.split(':');
        if (!source.startsWith('./deploy/certs/')) continue;
        const folder = source.slice('./deploy/certs/'.length);
        const inside = files.filter((file) => file.startsWith(`${folder}/`));
        expect(inside.length, `${name} mounts ${source}`).toBeGreaterThan(0);
        // The CA's key is written outside every mounted folder.
        expect(
          inside.some((file) => file.endsWith('.key') && folder === 'ca'),
          `${name} ${source}`,
        ).toBe(false);
        for (const file of inside) mounted.set(`${name}:${target}/${file.slice(folder.length + 1)}`, file);
      }
    }
    const esdb = services.eventstoredb?.environment ?? {};
    expect(mounted.has(`eventstoredb:${esdb.EVENTSTORE_CERTIFICATE_FILE}`)).toBe(true);
    expect(mounted.has(`eventstoredb:${esdb.EVENTSTORE_CERTIFICATE_PRIVATE_KEY_FILE}`)).toBe(true);
    expect(mounted.has(`eventstoredb:${esdb.EVENTSTORE_TRUSTED_ROOT_CERTIFICATES_PATH}/ca.crt`)).toBe(true);
    // The services' EventStoreDB address trusts the CA at a path each of them mounts.
    const secrets = filesWrittenBy('scripts/deploy/generate-secrets.sh', 'SECRETS_DIR');
    const eventStoreUrl = readFileSync(path.join(secrets.dir, 'eventstore_url'), 'utf8').trim();
    expect(eventStoreUrl).toMatch(/^esdb:\/\/admin:[0-9a-f]{48}@eventstoredb:2113\?tls=true&tlsCAFile=/);
    const caFile = new URL(eventStoreUrl.replace(/^esdb:/, 'http:')).searchParams.get('tlsCAFile');
    for (const [name, service] of Object.entries(services))
      if (service.secrets?.includes('eventstore_url')) expect(mounted.has(`${name}:${caFile}`), name).toBe(true);
  });

  it('passes mail, logs and data settings, with the logs and the mail folder on named volumes', () => {
    const example = read('deploy/production.env.example');
    for (const setting of ['PUBLIC_URL', 'ADMIN_EMAIL', 'MAIL_FROM'])
      expect(example).toMatch(new RegExp(`^${setting}=`, 'm'));
    const named = Object.keys(production.volumes ?? {});
    for (const [name, service] of appServices(services)) {
      expect(
        service.env_file?.map((file) => file.path),
        name,
      ).toEqual(['deploy/production.env']);
      expect(service.environment?.LOG_DIR, name).toBe('/var/log/care');
      expect(service.volumes ?? [], name).toContain('care-logs:/var/log/care');
      expect(named).toContain('care-logs');
    }
    const rules = services.rules?.environment ?? {};
    expect(rules.SMTP_URL_FILE).toBe('/run/secrets/smtp_url');
    expect(services.rules?.volumes ?? []).toContain(`care-data:${rules.DATA_DIR}`);
    expect(named).toContain('care-data');
  });

  it('sends the UI server’s reads through the proxy’s inner listener, which balances exactly the read-API replicas', () => {
    const caddyfile = read('deploy/Caddyfile');
    const readApiUrl = new URL(String(services.ui?.environment?.READ_API_URL));
    expect(readApiUrl.hostname).toBe('caddy');
    const inner = new RegExp(`^http://:${readApiUrl.port} \\{\\s*reverse_proxy ([^{]+)\\{`, 'm').exec(caddyfile);
    expect(inner).not.toBeNull();
    const upstreams = inner![1]!.trim().split(/\s+/).sort();
    const replicas = Object.entries(services)
      .filter(([, service]) => service.command?.join(' ').includes('dist/read-api.mjs'))
      .map(([name, service]) => `${name}:${service.environment?.READ_API_PORT}`)
      .sort();
    expect(upstreams).toEqual(replicas);
    expect(replicas.length).toBeGreaterThan(1);
    expect(caddyfile).toMatch(/health_uri \/health/);
    // The site's address is the agency's own, from the environment.
    expect(caddyfile).toMatch(/^\{\$PUBLIC_URL(:[^}]*)?\} \{/m);
  });

  it('lets the UI server believe the forwarding headers of the proxy’s fixed address, and of no one else', () => {
    const address = services.caddy?.networks?.default?.ipv4_address;
    expect(address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(services.ui?.environment?.TRUSTED_PROXIES).toBe(address);
    // The inner listener hands on what the UI server set rather than its own view of the hop.
    expect(read('deploy/Caddyfile')).toContain('header_up X-Forwarded-For {http.request.header.X-Forwarded-For}');
  });
});

describe('the local trial compose file', () => {
  const trial = compose(TRIAL);

  it('says at its top that it is for a local trial only, never production', () => {
    expect(read(TRIAL).split('\n')[0]).toMatch(/^# LOCAL TRIAL ONLY\. NEVER USE THIS FILE IN PRODUCTION/);
    expect(trial.name).not.toBe(compose(PRODUCTION).name);
  });

  it('publishes its ports on this machine only', () => {
    for (const [name, service] of Object.entries(trial.services))
      for (const published of service.ports ?? []) expect(published, name).toMatch(/^127\.0\.0\.1:/);
  });
});

describe('the image', () => {
  const dockerfile = read('Dockerfile');

  it('builds in one stage and runs from another with production dependencies, the compiled output, as node', () => {
    const stages = dockerfile.split(/^FROM /m).slice(1);
    expect(stages).toHaveLength(2);
    const [build = '', runtime = ''] = stages;
    expect(build).toMatch(/^RUN npm ci$/m);
    expect(build).toMatch(/^RUN npm run build$/m);
    expect(runtime).toMatch(/^RUN npm ci --omit=dev/m);
    expect(runtime).toMatch(/^COPY --from=build \/app\/dist dist$/m);
    expect(runtime).toMatch(/^COPY --from=build \/app\/ui\/dist ui\/dist$/m);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).not.toMatch(/tsx/);
  });

  it('leaves local data, built output and the machine’s secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', '.data', 'dist', 'deploy/certs', 'deploy/secrets', 'deploy/production.env'])
      expect(ignored).toContain(entry);
  });

  it.skipIf(!dockerEngineAvailable)(
    `builds, and runs a service's compiled health check as a user other than root${dockerEngineAvailable ? '' : ' (skipped: no docker engine on this machine)'}`,
    () => {
      execFileSync('docker', ['build', '-t', 'care-platform:test', '.'], { cwd: ROOT, stdio: 'pipe' });
      const uid = execFileSync('docker', ['run', '--rm', 'care-platform:test', 'id', '-u'], { encoding: 'utf8' });
      expect(uid.trim()).not.toBe('0');
      const check = spawnSync('docker', ['run', '--rm', 'care-platform:test', 'node', 'dist/healthcheck.mjs', 'x'], {
        encoding: 'utf8',
      });
      expect(check.stderr).toContain('Usage: healthcheck <service>');
    },
    600_000,
  );
});

describe('the proxy configuration', () => {
  it.skipIf(!caddyAvailable)(
    `is a valid Caddyfile${caddyAvailable ? '' : ' (skipped: caddy is not installed on this machine)'}`,
    () => {
      const run = spawnSync('caddy', ['validate', '--adapter', 'caddyfile', '--config', 'deploy/Caddyfile'], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, PUBLIC_URL: 'https://care.example.org' },
      });
      expect(`${run.stdout}${run.stderr}`).toContain('Valid configuration');
      expect(run.status).toBe(0);
    },
  );
});

describe('the certificates for EventStoreDB', () => {
  let certs: { dir: string; files: string[] };
  beforeAll(() => {
    certs = filesWrittenBy('scripts/deploy/generate-certs.sh', 'CERTS_DIR');
  });
  const openssl = (...args: string[]) => execFileSync('openssl', args, { encoding: 'utf8' });

  it('signs the node’s certificate with the CA, for the names the services and its health check use', () => {
    expect(certs.files).toEqual(['ca.key', 'ca/ca.crt', 'node/node.crt', 'node/node.key']);
    const ca = path.join(certs.dir, 'ca/ca.crt');
    const node = path.join(certs.dir, 'node/node.crt');
    expect(openssl('verify', '-CAfile', ca, node).trim()).toBe(`${node}: OK`);
    const text = openssl('x509', '-in', node, '-noout', '-subject', '-ext', 'subjectAltName,extendedKeyUsage');
    expect(text).toMatch(/CN ?= ?eventstoredb-node/);
    expect(text).toContain('DNS:eventstoredb');
    expect(text).toContain('DNS:localhost');
    // EventStoreDB nodes present their certificate as clients too.
    expect(text).toContain('TLS Web Server Authentication, TLS Web Client Authentication');
  });

  it('keeps the CA’s key private and the folder closed, and leaves existing certificates alone when run again', () => {
    expect(statSync(certs.dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(certs.dir, 'ca.key')).mode & 0o777).toBe(0o600);
    const before = readFileSync(path.join(certs.dir, 'ca/ca.crt'), 'utf8');
    execFileSync('sh', [path.join(ROOT, 'scripts/deploy/generate-certs.sh')], {
      env: { ...process.env, CERTS_DIR: certs.dir },
      stdio: 'pipe',
    });
    expect(readFileSync(path.join(certs.dir, 'ca/ca.crt'), 'utf8')).toBe(before);
    expect(existsSync(path.join(certs.dir, 'ca/ca.key'))).toBe(false);
  });
});
