import { Link, useRouterState } from '@tanstack/react-router';
import { DIARY_ROUTES } from '../../routes/diary-routes';
import { TabRail } from '../../shared/tabs';

/**
 * The diary navigation bar: one tab per diary route, the current one highlighted. Links, not a tab list (each is its
 * own page), on the tab rail, so on a phone it scrolls inside itself with the same cue as the tabs.
 */
export function DiaryNavBar() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const current = pathname.replace(/\/+$/, '') || '/';
  return (
    <TabRail itemCount={DIARY_ROUTES.length} current={current}>
      {(row) => (
        <nav ref={row.ref} className={`${row.className} diary-nav`} aria-label="Diary" onScroll={row.onScroll}>
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
      )}
    </TabRail>
  );
}
