import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import './tabs.css';

export interface TabItem<V extends string> {
  value: V;
  label: string;
  icon?: LucideIcon;
  render: () => ReactNode;
}

interface TabsProps<V extends string> {
  /** Names the tab list for assistive technology. */
  label: string;
  tabs: readonly TabItem<V>[];
  value: V;
  onValueChange: (value: V) => void;
}

/** What a rail hands to the row it wraps: the row's class, and the hooks that let the rail measure it. */
export interface RailRow {
  className: string;
  ref: (element: HTMLElement | null) => void;
  onScroll: () => void;
}

/** Which sides of the row have more to show; both false when everything fits. */
interface Overflow {
  start: boolean;
  end: boolean;
}

/** Scrolls the row only as far as it takes to show `item` whole, without moving the page up or down. */
function revealInRow(row: HTMLElement, item: Element) {
  const rowBox = row.getBoundingClientRect();
  const itemBox = item.getBoundingClientRect();
  // Room for the fade at the edge, so the item shown is not half hidden by it.
  const margin = 32;
  const by =
    itemBox.left < rowBox.left + margin
      ? itemBox.left - (rowBox.left + margin)
      : itemBox.right > rowBox.right - margin
        ? itemBox.right - (rowBox.right - margin)
        : 0;
  // At once, not smoothly: a second call while the first still glided would measure from halfway.
  if (by !== 0) row.scrollTo({ left: row.scrollLeft + by, behavior: 'instant' });
}

/**
 * The grey rail of a row of tabs (a tab list, or a bar of links styled as tabs). A row wider than its column scrolls
 * sideways inside itself, never the page: a phone shows three or four tabs of nine, so the side with more fades out
 * and shows a chevron button (marked `data-scroll-cue`), and the current item (`aria-selected` or `aria-current`) is
 * scrolled into view whenever `current` changes.
 */
export function TabRail({
  itemCount,
  current,
  children,
}: {
  /** The number of items: the rail measures them again when it changes. */
  itemCount: number;
  /** The current item's key. */
  current: string;
  children: (row: RailRow) => ReactNode;
}) {
  const rowRef = useRef<HTMLElement | null>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  const measure = useCallback(() => {
    const row = rowRef.current;
    if (!row) return;
    // A pixel of slack: zoomed pages report fractional widths, and a row that fits must not show a cue.
    const more = row.scrollWidth - row.clientWidth > 1;
    const start = more && row.scrollLeft > 1;
    const end = more && row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
    setOverflow((now) => (now.start === start && now.end === end ? now : { start, end }));
  }, []);
  useLayoutEffect(() => {
    const row = rowRef.current;
    if (!row || itemCount === 0) return;
    measure();
    // The row's width changes with the window, and its items' widths with their labels ("All (195)" once counted).
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    for (const item of row.children) observer.observe(item);
    return () => observer.disconnect();
  }, [measure, itemCount]);
  const scrolls = overflow.start || overflow.end;
  // Again when the chevrons come: they narrow the row, which can push the item just brought into view past its edge.
  useEffect(() => {
    const row = rowRef.current;
    const item = row?.querySelector('[aria-selected="true"], [aria-current="page"]');
    if (row && item && current && scrolls) revealInRow(row, item);
  }, [current, scrolls]);
  const scrollByPage = (direction: -1 | 1) => {
    const row = rowRef.current;
    if (row) row.scrollBy({ left: direction * Math.max(row.clientWidth * 0.75, 80) });
  };
  return (
    <div className="tab-bar" data-more-start={overflow.start || undefined} data-more-end={overflow.end || undefined}>
      {/* Pointer helpers only: keyboard users move along the tabs with the arrow keys, which scroll them too. Both
          stay while the row scrolls (the one with nothing beyond it disabled), so the row does not jump. */}
      {scrolls && (
        <button
          type="button"
          className="tab-scroll"
          tabIndex={-1}
          aria-label="Scroll tabs left"
          data-scroll-cue
          disabled={!overflow.start}
          onClick={() => scrollByPage(-1)}
        >
          <ChevronLeft size={18} aria-hidden />
        </button>
      )}
      {children({
        className: 'tab-list',
        ref: (element) => {
          rowRef.current = element;
        },
        onScroll: measure,
      })}
      {scrolls && (
        <button
          type="button"
          className="tab-scroll"
          tabIndex={-1}
          aria-label="Scroll tabs right"
          data-scroll-cue
          disabled={!overflow.end}
          onClick={() => scrollByPage(1)}
        >
          <ChevronRight size={18} aria-hidden />
        </button>
      )}
    </div>
  );
}

/**
 * WAI-ARIA tabs (automatic activation): arrow keys, Home and End move between tabs, Tab moves into the panel.
 * Only the selected panel is rendered, so a tab's queries run when it is opened.
 */
export function Tabs<V extends string>({ label, tabs, value, onValueChange }: TabsProps<V>) {
  const baseId = useId();
  const refs = useRef(new Map<V, HTMLButtonElement>());
  const selected = tabs.find((tab) => tab.value === value) ?? tabs[0];
  const tabId = (tab: V) => `${baseId}-tab-${tab}`;
  const panelId = (tab: V) => `${baseId}-panel-${tab}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.value === selected?.value);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[next];
    if (!target) return;
    onValueChange(target.value);
    refs.current.get(target.value)?.focus();
  };

  if (!selected) return null;
  return (
    <div className="tabs">
      <TabRail itemCount={tabs.length} current={selected.value}>
        {(row) => (
          <div
            ref={row.ref}
            role="tablist"
            aria-label={label}
            className={row.className}
            onKeyDown={onKeyDown}
            onScroll={row.onScroll}
          >
            {tabs.map((tab) => {
              const active = tab.value === selected.value;
              const Icon = tab.icon;
              return (
                <button
                  key={tab.value}
                  ref={(element) => {
                    if (element) refs.current.set(tab.value, element);
                    else refs.current.delete(tab.value);
                  }}
                  type="button"
                  role="tab"
                  id={tabId(tab.value)}
                  aria-selected={active}
                  aria-controls={active ? panelId(tab.value) : undefined}
                  tabIndex={active ? 0 : -1}
                  className={`tab${active ? ' active' : ''}`}
                  onClick={() => onValueChange(tab.value)}
                >
                  {Icon && <Icon size={16} aria-hidden />}
                  {tab.label}
                </button>
              );
            })}
          </div>
        )}
      </TabRail>
      <div
        role="tabpanel"
        id={panelId(selected.value)}
        aria-labelledby={tabId(selected.value)}
        tabIndex={0}
        className="tab-panel"
      >
        {selected.render()}
      </div>
    </div>
  );
}
