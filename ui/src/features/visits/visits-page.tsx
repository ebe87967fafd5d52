/** STUB (issue 5): replaced by its slice. */
export function VisitsPage() {
  return (
    <section className="page">
      <h1 className="page-title">Visit Tracking</h1>
    </section>
  );
}
