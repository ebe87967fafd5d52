import { measureAppend } from './append';
import { measureAuditReads } from './audit-read';
import { auditRows } from './audit-rows';
import { runAlone } from './run-alone';
import { round } from './stats';
import { measureVerifyLog } from './verify-log';

/**
 * `npx tsx bench/audit-bench.ts [append|reads|verify]`: the audit figures alone (the append figures with the hash
 * chain's sealer running, and the chain's verification).
 */
runAlone(
  [
    {
      name: 'append',
      says: 'append throughput, the hash chain sealing in the background',
      measure: async (postgres) => {
        const append = await measureAppend(await postgres.freshDatabase('append'));
        return {
          appendPerSec: Math.round(append.appendPerSec),
          appendConcurrentPerSec: Math.round(append.appendConcurrentPerSec),
          rawInsertPerSec: Math.round(append.rawInsertPerSec),
          rawInsertConcurrentPerSec: Math.round(append.rawInsertConcurrentPerSec),
          appendRatio: round(append.appendPerSec / append.rawInsertPerSec, 2),
          appendUnsealedPerSec: Math.round(append.appendUnsealedPerSec),
          appendChainCost: round(1 - append.appendPerSec / append.appendUnsealedPerSec, 2),
          appendConcurrentRatio: round(append.appendConcurrentPerSec / append.rawInsertConcurrentPerSec, 2),
        };
      },
    },
    {
      name: 'reads',
      says: 'audit reads: a 2,000-event timeline and a client file as of an instant in a store of 1,000,000 events',
      measure: async (postgres) => ({ ...(await measureAuditReads(await postgres.freshDatabase('audit_reads'))) }),
    },
    {
      name: 'verify',
      says: 'verify-log over 300,000 events',
      measure: async (postgres) => {
        const verify = await measureVerifyLog(await postgres.freshDatabase('verify_log'));
        return { verifyLogPerSec: Math.round(verify.verifyLogPerSec), sealPerSec: Math.round(verify.sealPerSec) };
      },
    },
  ],
  auditRows,
);
