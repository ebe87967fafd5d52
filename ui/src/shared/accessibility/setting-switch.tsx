import { useId } from 'react';

/**
 * An on/off setting as a WAI-ARIA switch: a button with role "switch" named by its visible label and described by
 * its hint. Space and Enter toggle it, as with any button.
 */
export function SettingSwitch({
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="setting-row">
      <div className="setting-text">
        <label htmlFor={id} className="setting-label">
          {label}
        </label>
        <p id={`${id}-hint`} className="muted small">
          {hint}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-hint`}
        className="switch"
        onClick={() => onCheckedChange(!checked)}
      >
        <span className="switch-thumb" aria-hidden />
        <span className="switch-state" aria-hidden>
          {checked ? 'On' : 'Off'}
        </span>
      </button>
    </div>
  );
}
