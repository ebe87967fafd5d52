import * as Popover from '@radix-ui/react-popover';
import { ChevronDown, type LucideIcon } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import './action-menu.css';

export interface ActionMenuItem {
  /** The visible text; `name` adds the record for screen readers ("Delete Amelia Hughes") and starts with it. */
  readonly label: string;
  readonly name?: string;
  readonly icon: LucideIcon;
  readonly disabled?: boolean;
  /** Destructive: listed last, apart from the others, in red. */
  readonly danger?: boolean;
  /** A download or page to open, else `onSelect`. */
  readonly href?: string;
  readonly download?: boolean;
  readonly onSelect?: () => void;
}

interface ActionMenuProps {
  /** The trigger's name and the list's, naming the record: "More actions for Fall in the lounge". */
  readonly label: string;
  /** `false` leaves an item out (an action the role or the record's state does not offer). */
  readonly items: readonly (ActionMenuItem | false)[];
}

/**
 * "More actions": a button that opens a short list of the card's less frequent actions, destructive ones last
 * and set apart. Arrow keys move along the list, Escape closes it; the focus goes back to the button, and an
 * action that opens a dialog opens it from there, so closing the dialog lands on the button again.
 */
export function ActionMenu({ label, items }: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // The action chosen, run once the list has closed and the focus is back on the button.
  const chosen = useRef<(() => void) | undefined>(undefined);
  const shown = items.filter((item): item is ActionMenuItem => item !== false);
  const groups = [shown.filter((item) => !item.danger), shown.filter((item) => item.danger)].filter(
    (group) => group.length > 0,
  );
  if (shown.length === 0) return null;

  const choose = (item: ActionMenuItem) => {
    chosen.current = item.onSelect;
    setOpen(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger ref={trigger} className="button button-secondary button-small" aria-label={label}>
        More actions
        <ChevronDown size={16} aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="action-menu"
          align="end"
          sideOffset={4}
          collisionPadding={8}
          aria-label={label}
          onKeyDown={moveWithArrows}
          onCloseAutoFocus={(event) => {
            const action = chosen.current;
            chosen.current = undefined;
            if (action === undefined) return;
            event.preventDefault();
            trigger.current?.focus();
            action();
          }}
        >
          {groups.map((group) => (
            <ul key={group[0]!.danger ? 'danger' : 'actions'} className="action-menu-group">
              {group.map((item) => (
                <li key={item.label}>
                  <MenuEntry item={item} onChoose={() => choose(item)} />
                </li>
              ))}
            </ul>
          ))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function MenuEntry({ item, onChoose }: { item: ActionMenuItem; onChoose: () => void }) {
  const Icon = item.icon;
  const className = `action-menu-item${item.danger ? ' action-menu-item-danger' : ''}`;
  const content = (
    <>
      <Icon size={16} aria-hidden />
      {item.label}
    </>
  );
  if (item.href !== undefined && !item.disabled) {
    return (
      <a className={className} href={item.href} download={item.download} aria-label={item.name} onClick={onChoose}>
        {content}
      </a>
    );
  }
  return (
    <button type="button" className={className} aria-label={item.name} disabled={item.disabled} onClick={onChoose}>
      {content}
    </button>
  );
}

/** Up and Down (and Home, End) move the focus along the list's enabled entries. */
function moveWithArrows(event: KeyboardEvent<HTMLDivElement>) {
  const entries = [...event.currentTarget.querySelectorAll<HTMLElement>('.action-menu-item:not(:disabled)')];
  const at = entries.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'ArrowDown'
      ? (at + 1) % entries.length
      : event.key === 'ArrowUp'
        ? (at - 1 + entries.length) % entries.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? entries.length - 1
            : undefined;
  if (next === undefined || entries.length === 0) return;
  event.preventDefault();
  entries[next]?.focus();
}
