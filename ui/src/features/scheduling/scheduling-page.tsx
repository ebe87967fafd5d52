/** STUB (issue 5): replaced by its slice. */
export function SchedulingPage() {
  return (
    <section className="page">
      <h1 className="page-title">Scheduling &amp; Rotas</h1>
    </section>
  );
}
