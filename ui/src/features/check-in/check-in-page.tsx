/** STUB (issue 5): replaced by its slice. */
export function CheckInPage() {
  return (
    <section className="page">
      <h1 className="page-title">Check In</h1>
    </section>
  );
}
