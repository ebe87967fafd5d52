/** Screens whose features arrive in later issues: the screen's title and nothing invented. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{title}</h1>
      </div>
      <div className="card empty-state">
        <p>Coming soon</p>
      </div>
    </section>
  );
}
