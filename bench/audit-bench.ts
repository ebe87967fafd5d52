import { readFile, writeFile } from 'node:fs/promises';
import { measureAppend } from './append';
import { startBenchPostgres } from './postgres';
import { round } from './stats';
import { measureVerifyLog } from './verify-log';
import { measureAuditReads } from './audit-read';
import { renderTable, targetMet } from './table';
import { auditRows } from './audit-rows';

/**
 * `npx tsx bench/audit-bench.ts [append|verify|reads]`: issue 20's figures alone (the append figures with the hash
 * chain's sealer running, and the chain's verification), merged into bench/results.json beside the others.
 */
const RESULTS_FILE = new URL('./results.json', import.meta.url);
const step = (message: string) => process.stderr.write(`bench: ${message}\n`);

async function main(): Promise<void> {
  const only = process.argv[2];
  const postgres = await startBenchPostgres();
  const results: Record<string, number> = {};
  try {
    if (only === undefined || only === 'append') {
      step('append throughput, the hash chain sealing in the background');
      const append = await measureAppend(await postgres.freshDatabase('append'));
      Object.assign(results, {
        appendPerSec: Math.round(append.appendPerSec),
        appendConcurrentPerSec: Math.round(append.appendConcurrentPerSec),
        rawInsertPerSec: Math.round(append.rawInsertPerSec),
        rawInsertConcurrentPerSec: Math.round(append.rawInsertConcurrentPerSec),
        appendRatio: round(append.appendPerSec / append.rawInsertPerSec, 2),
        appendUnsealedPerSec: Math.round(append.appendUnsealedPerSec),
        appendChainCost: round(1 - append.appendPerSec / append.appendUnsealedPerSec, 2),
        appendConcurrentRatio: round(append.appendConcurrentPerSec / append.rawInsertConcurrentPerSec, 2),
      });
    }
    if (only === undefined || only === 'reads') {
      step('audit reads: a 2,000-event timeline and a client file as of an instant in a store of 1,000,000 events');
      Object.assign(results, await measureAuditReads(await postgres.freshDatabase('audit_reads')));
    }
    if (only === undefined || only === 'verify') {
      step('verify-log over 300,000 events');
      const verify = await measureVerifyLog(await postgres.freshDatabase('verify_log'));
      Object.assign(results, { verifyLogPerSec: Math.round(verify.verifyLogPerSec), sealPerSec: Math.round(verify.sealPerSec) });
    }
  } finally {
    await postgres.stop();
  }
  const rows = auditRows(results);
  console.log(renderTable(rows));
  const previous = await readFile(RESULTS_FILE, 'utf8').then((text) => JSON.parse(text) as Record<string, unknown>, () => ({}));
  await writeFile(RESULTS_FILE, `${JSON.stringify({ ...previous, ...results }, null, 2)}\n`);
  if (!rows.every(targetMet)) step('one or more targets MISSED (see the table)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
