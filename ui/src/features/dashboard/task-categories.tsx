import { TASK_CATEGORIES, TASK_CATEGORY_LABELS, type DashboardStats } from '@care/events';
import { Link } from '@tanstack/react-router';
import { ListChecks } from 'lucide-react';

/** Task Categories: open tasks per category, computed, every category shown. */
export function TaskCategories({ stats }: { stats: DashboardStats | undefined }) {
  const largest = stats ? Math.max(1, ...TASK_CATEGORIES.map((category) => stats.taskCategories[category])) : 1;
  return (
    <section className="card dashboard-block" aria-labelledby="task-categories-title">
      <header className="dashboard-block-header">
        <h2 id="task-categories-title" className="card-title">
          <ListChecks size={18} aria-hidden />
          Task Categories
        </h2>
        <Link to="/tasks" search={{ open: true }} className="button button-ghost button-small">
          View tasks
        </Link>
      </header>
      <p className="muted small">Open tasks per category</p>
      <ul className="task-category-list" data-testid="task-categories">
        {TASK_CATEGORIES.map((category) => {
          const count = stats?.taskCategories[category];
          return (
            <li key={category} className="task-category">
              <span className="task-category-name">{TASK_CATEGORY_LABELS[category]}</span>
              <span className="task-category-bar" aria-hidden>
                <span style={{ width: `${count === undefined ? 0 : (count / largest) * 100}%` }} />
              </span>
              <span className="task-category-count">{count ?? '…'}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
