import type pg from 'pg';
import { destructionProposalViewSchema, type DestructionProposalsView } from '@care/events';
import type { EventLogSource } from '../shared/event-log-source';
import type { Page } from '../shared/paging';

/**
 * Proposals and certificates, read from the PostgreSQL event log itself (the destruction streams, which a destruction
 * never rewrites): destruction exists only on that store, and the log is where an auditor looks for the proof. On
 * EventStoreDB there are none, and the view says destruction is not available.
 */
export class DestructionQueries {
  constructor(
    private readonly pool: pg.Pool,
    private readonly eventLog: EventLogSource,
  ) {}

  async proposals(page: Page, status: string | undefined): Promise<DestructionProposalsView> {
    if (this.eventLog.kind !== 'postgres') return { rows: [], total: 0, available: false };
    const all = `
      select p.stream_id, p.data as proposed, p.metadata->>'occurredAt' as proposed_at,
             r.data as rejected, r.metadata->>'occurredAt' as rejected_at,
             c.event_id as certificate_id, c.data as certificate,
             case when c.event_id is not null then 'destroyed' when r.event_id is not null then 'rejected' else 'proposed' end as status
        from es_events p
        left join es_events r on r.stream_id = p.stream_id and r.event_type = 'DestructionRejected'
        left join es_events c on c.stream_id = p.stream_id and c.event_type = 'RecordsDestroyed'
       where p.event_type = 'DestructionProposed'`;
    const filter = 'where $1::text is null or status = $1::text';
    const [rows, count] = await Promise.all([
      this.pool.query<{
        proposed: Record<string, unknown>;
        proposed_at: string;
        rejected: { rejectedBy: string; reason: string } | null;
        rejected_at: string | null;
        certificate_id: string | null;
        certificate: { approvedBy: string; destroyedAt: string; eventsRewritten: number } | null;
        status: string;
      }>(`select * from (${all}) proposals ${filter} order by proposed_at desc, stream_id limit $2 offset $3`, [
        status ?? null,
        page.limit,
        page.offset,
      ]),
      this.pool.query<{ n: string }>(`select count(*) as n from (${all}) proposals ${filter}`, [status ?? null]),
    ]);
    return {
      available: true,
      total: Number(count.rows[0]!.n),
      rows: rows.rows.map((row) =>
        destructionProposalViewSchema.parse({
          proposalId: row.proposed.proposalId,
          subjectKind: row.proposed.subjectKind,
          subjectId: row.proposed.subjectId,
          reference: row.proposed.reference,
          retentionRule: row.proposed.retentionRule,
          eligibleSince: row.proposed.eligibleSince,
          reason: row.proposed.reason,
          proposedBy: row.proposed.proposedBy,
          proposedAt: row.proposed_at,
          status: row.status,
          rejection:
            row.rejected && row.rejected_at
              ? { rejectedBy: row.rejected.rejectedBy, rejectedAt: row.rejected_at, reason: row.rejected.reason }
              : null,
          certificate:
            row.certificate && row.certificate_id
              ? {
                  eventId: row.certificate_id,
                  approvedBy: row.certificate.approvedBy,
                  destroyedAt: row.certificate.destroyedAt,
                  eventsRewritten: row.certificate.eventsRewritten,
                }
              : null,
        }),
      ),
    };
  }
}
