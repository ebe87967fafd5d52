/** STUB (issue 5): replaced by its slice. */
export function ManagePage() {
  return (
    <section className="page">
      <h1 className="page-title">Manage Care Operations</h1>
    </section>
  );
}
