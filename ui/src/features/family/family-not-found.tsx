import { Link } from '@tanstack/react-router';
import { FAMILY_PATH } from './family-path';

/** A staff address, or any other, as a family member sees it. */
export function FamilyNotFound({ what = 'page' }: { what?: 'page' | 'client' }) {
  return (
    <section className="page">
      <div className="card empty-state">
        <h1 className="page-title">{what === 'client' ? 'Client not found' : 'Page Not Found'}</h1>
        <p>
          {what === 'client'
            ? 'You do not have access to this client, or their record does not exist.'
            : 'The page you are looking for does not exist.'}
        </p>
        <Link to={FAMILY_PATH} className="button button-primary">
          Go to the family portal
        </Link>
      </div>
    </section>
  );
}
