/** STUB (issue 5): replaced by its slice. */
export function ScheduleDayPage() {
  return (
    <section className="page">
      <h1 className="page-title">Daily Schedule</h1>
    </section>
  );
}
