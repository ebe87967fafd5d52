import { existsSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { z } from 'zod';
import { builtAfterInputs } from './build-freshness';
import { formatDuration } from './start-progress';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Where the compiled services go: `node dist/command-api.mjs` runs the command API. */
export const SERVICES_DIST_DIR = path.join(ROOT, 'dist');
/** The build's own record of what it read (esbuild's metafile): the next start compares their times with the build's. */
export const metafilePath = (outDir: string) => path.join(outDir, 'build-meta.json');

/** Each service and operator tool, by the name of its compiled file in dist/. */
export const SERVICE_ENTRIES = {
  'command-api': 'command-api/src/main.ts',
  projector: 'projector/src/main.ts',
  'read-api': 'read-api/src/main.ts',
  rules: 'rules/src/main.ts',
  'ui-server': 'ui/server/main.ts',
  rebuild: 'scripts/rebuild.ts',
  'verify-log': 'scripts/verify-log.ts',
  'log-digest': 'scripts/log-digest.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  healthcheck: 'scripts/healthcheck.ts',
} as const;

export type ServiceName = keyof typeof SERVICE_ENTRIES;

/** The compiled file of a service or tool. */
export function compiledService(name: ServiceName): string {
  return path.join(SERVICES_DIST_DIR, `${name}.mjs`);
}

/** The entries whose source exists (the container healthcheck is optional: built once it is written). */
function presentEntries(): Record<string, string> {
  return Object.fromEntries(Object.entries(SERVICE_ENTRIES).filter(([, entry]) => existsSync(path.join(ROOT, entry))));
}

/**
 * The workspace packages (@care/*) are compiled into the bundle, since they are TypeScript that Node cannot run;
 * every other package stays an import, loaded from node_modules at run time (`npm ci --omit=dev` installs them).
 * Bundling those too would copy native modules and files they find beside their own source (fonts, the ReDoc bundle,
 * PostgreSQL binaries) into places they could not find them from.
 */
const thirdPartyExternal: Plugin = {
  name: 'third-party-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@care/') ? undefined : { path: args.path, external: true },
    );
  },
};

const metafileSchema = z.object({ inputs: z.record(z.string(), z.unknown()) });

/** True when every present entry has its compiled file and no file the last build read has changed since. */
export function servicesBuildIsCurrent(outDir = SERVICES_DIST_DIR): boolean {
  const metafile = metafilePath(outDir);
  if (!existsSync(metafile)) return false;
  if (!Object.keys(presentEntries()).every((name) => existsSync(path.join(outDir, `${name}.mjs`)))) return false;
  const parsed = metafileSchema.safeParse(JSON.parse(readFileSync(metafile, 'utf8')));
  if (!parsed.success) return false;
  const inputs = Object.keys(parsed.data.inputs).map((input) => path.join(ROOT, input));
  // The build's own settings are an input too: a changed list of entries or option rebuilds.
  return builtAfterInputs(metafile, [...inputs, import.meta.filename]);
}

/**
 * Bundles every service and tool into dist/<name>.mjs (ES modules for Node 20, source maps beside them). Shared code
 * and code behind a lazy `await import()` go into dist/chunks/, so a module a service loads only when it needs it
 * (the EventStoreDB client, the PDF writer) stays unloaded until then.
 */
export async function buildServices(outDir = SERVICES_DIST_DIR): Promise<Metafile> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: presentEntries(),
    outdir: outDir,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Separate .map files: `node --enable-source-maps` turns stack traces back into the TypeScript lines. The
    // sources' text is left out of them: Node needs only the mappings, and the maps are loaded into every process.
    sourcemap: 'linked',
    sourcesContent: false,
    // Class and function names as written: logs and errors name them, and bundling would otherwise rename clashes.
    keepNames: true,
    logLevel: 'warning',
    metafile: true,
    write: false,
    plugins: [thirdPartyExternal],
  });
  await mkdir(path.join(outDir, 'chunks'), { recursive: true });
  // Each file is written beside its place and renamed into it, chunks before the entries that import them, so a
  // service starting while another process rebuilds reads either the old build or the new one, never half a file.
  const isEntry = (file: string) => path.dirname(file) === outDir;
  const ordered = [...result.outputFiles].sort((a, b) => Number(isEntry(a.path)) - Number(isEntry(b.path)));
  for (const file of ordered) writeAtomically(file.path, file.contents);
  writeAtomically(metafilePath(outDir), JSON.stringify(result.metafile));
  removeOldChunks(path.join(outDir, 'chunks'), new Set(result.outputFiles.map((file) => file.path)));
  return result.metafile;
}

function writeAtomically(file: string, contents: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

/** Chunks of earlier builds, once an hour old: a service still running from such a build may yet load one lazily. */
function removeOldChunks(dir: string, current: ReadonlySet<string>): void {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    try {
      if (!current.has(file) && statSync(file).mtimeMs < hourAgo) unlinkSync(file);
    } catch (error) {
      // Another build (a second test file's product starting) removed it first.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** Builds the services when dist/ has no build yet or a source it was built from has changed since. */
export async function buildServicesIfStale(say: (line: string) => void): Promise<void> {
  if (servicesBuildIsCurrent()) {
    say('Services build is up to date');
    return;
  }
  const began = Date.now();
  say('Compiling the services…');
  await buildServices();
  say(`Compiling the services… done in ${formatDuration(Date.now() - began)}`);
}

// `npm run build:services`: always a full build.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const began = Date.now();
  await buildServices();
  console.log(`Services compiled into dist/ in ${formatDuration(Date.now() - began)}`);
}
