import type { ReactNode } from 'react';

/** The "Coming soon" card: a heading of a part that arrives later, optionally what it will hold, and nothing invented. */
export function ComingSoonCard({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <div className="card empty-state">
      {title && <h2 className="card-title">{title}</h2>}
      <p>Coming soon</p>
      {children}
    </div>
  );
}

/** Screens whose features arrive in later issues: the screen's title and nothing invented. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{title}</h1>
      </div>
      <ComingSoonCard />
    </section>
  );
}
