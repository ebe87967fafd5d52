import { useQuery } from '@tanstack/react-query';
import type { FamilyVisitWhen } from '@care/events';
import { Mail, Phone } from 'lucide-react';
import { useMemo } from 'react';
import { ListLoadError, LoadMore } from '../../shared/list-states';
import { formatDate } from '../../shared/format';
import {
  familyAgencyQuery,
  familyCarePlanQuery,
  familyMedicationsQuery,
  useFamilyVisits,
} from './family-portal-queries';
import { telHref, visitDay } from './family-portal-text';
import { FamilyVisitCard } from './family-visit-card';

/** A section of the portal: a card with its heading. */
function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className={`card family-section family-section-${id}`} aria-labelledby={`family-${id}-title`}>
      <h2 id={`family-${id}-title`} className="family-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <p className="muted" role="status">
      Loading {what}...
    </p>
  );
}

/** The agency's name and how to reach it: phone numbers to tap, the email to write to. */
export function AgencyContacts() {
  const agency = useQuery(familyAgencyQuery);
  return (
    <Section id="agency" title="Contact the agency">
      {agency.isPending ? (
        <Loading what="the agency's details" />
      ) : agency.isError ? (
        <ListLoadError what="the agency's details" error={agency.error} onRetry={() => void agency.refetch()} />
      ) : (
        <div className="family-agency">
          {agency.data.name && <p className="family-agency-name">{agency.data.name}</p>}
          {agency.data.address && <p className="muted">{agency.data.address}</p>}
          <ul className="family-contact-links">
            {agency.data.phone && (
              <li>
                <a className="button button-secondary" href={telHref(agency.data.phone)}>
                  <Phone size={16} aria-hidden /> Call {agency.data.phone}
                </a>
              </li>
            )}
            {agency.data.onCallPhone && (
              <li>
                <a className="button button-secondary" href={telHref(agency.data.onCallPhone)}>
                  <Phone size={16} aria-hidden /> Out of hours {agency.data.onCallPhone}
                </a>
              </li>
            )}
            {agency.data.email && (
              <li>
                <a className="button button-secondary" href={`mailto:${agency.data.email}`}>
                  <Mail size={16} aria-hidden /> Email {agency.data.email}
                </a>
              </li>
            )}
          </ul>
          {!agency.data.phone && !agency.data.email && !agency.data.onCallPhone && (
            <p className="muted">The agency has not given its contact details yet.</p>
          )}
        </div>
      )}
    </Section>
  );
}

const VISIT_WORDS: Record<FamilyVisitWhen, { title: string; what: string; empty: string }> = {
  upcoming: { title: 'Next visits', what: 'the next visits', empty: 'No visits planned in the next two weeks.' },
  past: { title: 'Past visits', what: 'the past visits', empty: 'No visits have taken place yet.' },
};

/** The next visits (the soonest highlighted), or the past ones, newest first; Load more pages on the server. */
export function FamilyVisits({ clientId, when }: { clientId: string; when: FamilyVisitWhen }) {
  const visits = useFamilyVisits(clientId, when);
  const words = VISIT_WORDS[when];
  // A visit can move from one page to the next while the pages reload after a change: each is shown once.
  const items = useMemo(
    () => visits.items.filter((visit, index, all) => all.findIndex((other) => other.id === visit.id) === index),
    [visits.items],
  );
  return (
    <Section id={when} title={words.title}>
      {visits.isPending ? (
        <Loading what={words.what} />
      ) : visits.isError ? (
        <ListLoadError what={words.what} error={visits.error} onRetry={() => void visits.refetch()} />
      ) : items.length === 0 ? (
        <p className="family-empty">{words.empty}</p>
      ) : (
        <>
          <ul className="family-visits">
            {items.map((visit, index) => (
              <FamilyVisitCard
                key={visit.id}
                clientId={clientId}
                visit={visit}
                next={when === 'upcoming' && index === 0}
              />
            ))}
          </ul>
          <LoadMore
            shown={items.length}
            total={visits.total}
            hasMore={visits.hasNextPage}
            loading={visits.isFetchingNextPage}
            onLoadMore={() => void visits.fetchNextPage()}
          />
        </>
      )}
    </Section>
  );
}

/** The last 7 days' doses, per day: given and refused (and missed or not recorded when there were any). */
export function FamilyMedicines({ clientId }: { clientId: string }) {
  const summary = useQuery(familyMedicationsQuery(clientId));
  return (
    <Section id="medicines" title="Medicines (last 7 days)">
      {summary.isPending ? (
        <Loading what="the medicines" />
      ) : summary.isError ? (
        <ListLoadError what="the medicines" error={summary.error} onRetry={() => void summary.refetch()} />
      ) : summary.data.days.every((day) => day.given + day.refused + day.missed + day.notRecorded === 0) ? (
        <p className="family-empty">No medicines were due in the last 7 days.</p>
      ) : (
        <ul className="family-medicine-days">
          {[...summary.data.days].reverse().map((day) => (
            <li key={day.date}>
              <span className="family-medicine-day">{visitDay(day.date)}</span>
              <span>
                {day.given} given · {day.refused} refused
                {day.missed > 0 && ` · ${day.missed} missed`}
                {day.notRecorded > 0 && ` · ${day.notRecorded} not recorded`}
              </span>
              {day.medicinesGiven.length > 0 && (
                <span className="muted small family-medicine-names">{day.medicinesGiven.join(', ')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The care plan in use: what it is for, its objectives and goals, and when it is next reviewed. */
export function FamilyCarePlan({ clientId }: { clientId: string }) {
  const carePlan = useQuery(familyCarePlanQuery(clientId));
  return (
    <Section id="care-plan" title="Care plan">
      {carePlan.isPending ? (
        <Loading what="the care plan" />
      ) : carePlan.isError ? (
        <ListLoadError what="the care plan" error={carePlan.error} onRetry={() => void carePlan.refetch()} />
      ) : carePlan.data.plan === null ? (
        <p className="family-empty">There is no care plan in use yet.</p>
      ) : (
        <div className="family-care-plan">
          <p className="family-care-plan-title">{carePlan.data.plan.title}</p>
          {carePlan.data.plan.summary && <p>{carePlan.data.plan.summary}</p>}
          {carePlan.data.plan.objectives.length > 0 && (
            <>
              <h3 className="family-visit-label">Objectives</h3>
              <ul>
                {carePlan.data.plan.objectives.map((objective) => (
                  <li key={objective}>{objective}</li>
                ))}
              </ul>
            </>
          )}
          {carePlan.data.plan.goals.length > 0 && (
            <>
              <h3 className="family-visit-label">Goals</h3>
              <ul>
                {carePlan.data.plan.goals.map((goal) => (
                  <li key={goal}>{goal}</li>
                ))}
              </ul>
            </>
          )}
          <p className="muted small">
            Version {carePlan.data.plan.version} · next review {formatDate(carePlan.data.plan.reviewDate)}
          </p>
        </div>
      )}
    </Section>
  );
}
