/** Task badges show 2 per row, then "+N more" (the full list is in the title for a hover). */
export const VISIBLE_TASKS = 2;

export function TaskBadges({ tasks }: { tasks: readonly string[] }) {
  if (tasks.length === 0) return <span className="muted">—</span>;
  const hidden = tasks.length - VISIBLE_TASKS;
  return (
    <span className="task-badges" title={tasks.join(', ')}>
      {tasks.slice(0, VISIBLE_TASKS).map((task) => (
        <span key={task} className="badge badge-muted task-badge">
          {task}
        </span>
      ))}
      {hidden > 0 && <span className="badge task-badge-more">+{hidden} more</span>}
    </span>
  );
}
