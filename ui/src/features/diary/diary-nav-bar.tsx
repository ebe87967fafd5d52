import { Link, useRouterState } from '@tanstack/react-router';
import { DIARY_ROUTES } from '../../routes/diary-routes';

/** The diary navigation bar: one tab per diary route, the current one highlighted. */
export function DiaryNavBar() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const current = pathname.replace(/\/+$/, '') || '/';
  return (
    <nav className="diary-nav" aria-label="Diary">
      {DIARY_ROUTES.map(({ path, label }) => {
        const active = current === path;
        return (
          // exact: the router would otherwise also mark "Diary" current on every /diary/... route.
          <Link
            key={path}
            to={path}
            activeOptions={{ exact: true, includeSearch: false }}
            className={`tab${active ? ' active' : ''}`}
            aria-current={active ? 'page' : undefined}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
