import type { ColumnType } from 'kysely';
import type {
  CarePlanContent,
  CarePlanField,
  CarePlanStatus,
  CarePlanTemplateKind,
  ConsentMethod,
  ReviewOutcome,
  TemplateContent,
} from '@care/events';

type Json<T> = ColumnType<T, string, string>;
type Instant = ColumnType<Date, string, string>;
type Revision = ColumnType<string, string | bigint, string | bigint>;

/** The consent to a version: who, how they relate to the client, how and when; and who recorded it, when. */
export interface AgreementRecord {
  version: number;
  agreedBy: string;
  relationship: string;
  method: ConsentMethod;
  agreedOn: string;
  byUser: string;
  at: string;
}

/** One row per plan, as it stands now (GET /api/care-plans). Names are joined when read. */
export interface CarePlansTable {
  id: string;
  client_id: string;
  template_id: string | null;
  status: CarePlanStatus;
  title: string;
  content: Json<CarePlanContent>;
  version: number;
  /** The latest consent (of this or an earlier version); agreed when its version is `version`. */
  agreement: ColumnType<AgreementRecord | null, string | null, string | null>;
  /** YYYY-MM-DD */
  review_date: string;
  /** Any current risk rating is high. */
  high_risk: boolean;
  /** The quality checks met, all but "review date not passed", which depends on the day it is read. */
  quality_met: number;
  created_by: string;
  created_at: Instant;
  updated_at: Instant;
  revision: Revision;
}

/** Every version's whole content, so any earlier one can be shown and two compared. */
export interface CarePlanVersionsTable {
  plan_id: string;
  version: number;
  content: Json<CarePlanContent>;
  changed_fields: Json<CarePlanField[]>;
  reason: string;
  by_user: string;
  at: Instant;
  agreement: ColumnType<AgreementRecord | null, string | null, string | null>;
}

export interface CarePlanReviewsTable {
  plan_id: string;
  revision: Revision;
  reviewed_on: string;
  outcome: ReviewOutcome;
  version: number;
  notes: string | null;
  next_review_date: string;
  by_user: string;
  at: Instant;
}

/** A line per event: the plan's history, who and when. */
export interface CarePlanHistoryTable {
  plan_id: string;
  revision: Revision;
  summary: string;
  by_user: string;
  at: Instant;
}

export interface CarePlanTemplatesTable {
  id: string;
  name: string;
  kind: CarePlanTemplateKind;
  content: Json<TemplateContent>;
  updated_by: string;
  created_at: Instant;
  updated_at: Instant;
  revision: Revision;
}

export interface CarePlanTables {
  care_plans: CarePlansTable;
  care_plan_versions: CarePlanVersionsTable;
  care_plan_reviews: CarePlanReviewsTable;
  care_plan_history: CarePlanHistoryTable;
  care_plan_templates: CarePlanTemplatesTable;
}
