import { ComingSoonPage } from '../../shared/coming-soon-page';

/** Stub: the Client Records screen (spec part 1 section 2.9). */
export function ClientsPage() {
  return <ComingSoonPage title="Client Records" />;
}
