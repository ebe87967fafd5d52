import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

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
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
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
