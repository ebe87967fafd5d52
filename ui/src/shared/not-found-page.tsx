import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <section className="page">
      <div className="card empty-state">
        <h1 className="page-title">Page Not Found</h1>
        <p>The page you are looking for does not exist.</p>
        <Link to="/" className="button button-primary">
          Go to Dashboard
        </Link>
      </div>
    </section>
  );
}
