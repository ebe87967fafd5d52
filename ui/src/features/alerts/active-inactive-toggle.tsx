/** The dashboard's Active and Inactive buttons: open alerts, or resolved ones. */
export function ActiveInactiveToggle({
  active,
  onChange,
  label,
}: {
  active: boolean;
  onChange: (active: boolean) => void;
  label: string;
}) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {[true, false].map((value) => (
        <button
          key={String(value)}
          type="button"
          className={`segmented-button${active === value ? ' active' : ''}`}
          aria-pressed={active === value}
          onClick={() => onChange(value)}
        >
          {value ? 'Active' : 'Inactive'}
        </button>
      ))}
    </div>
  );
}
