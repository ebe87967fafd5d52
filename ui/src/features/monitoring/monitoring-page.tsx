/** STUB (issue 5): replaced by its slice. */
export function MonitoringPage() {
  return (
    <section className="page">
      <h1 className="page-title">Care Monitoring &amp; Management</h1>
    </section>
  );
}
