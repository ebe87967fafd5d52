import type { DrugInteraction } from '@care/events';

/** Said plainly wherever interactions are shown, so nobody takes a short list as a clean bill of health. */
export const PHARMACIST_NOTICE =
  'This list supports, not replaces, a pharmacist’s review: a medicine missing from it is not known to be safe.';

/** The warning shown before saving a prescription that interacts with one the client already takes. */
export function InteractionNotice({ interactions }: { interactions: readonly DrugInteraction[] }) {
  return (
    <div className="interaction-warning" role="alert" data-testid="interaction-warning">
      <p>
        <strong>Interaction warning</strong>
      </p>
      <ul>
        {interactions.map((interaction) => (
          <li key={interaction.medicines.join('+')}>
            <span className={`badge severity-${interaction.severity}`}>{interaction.severity}</span>{' '}
            {interaction.medicines.join(' + ')}: {interaction.effect}. Watch for: {interaction.watchFor}.
          </li>
        ))}
      </ul>
      <p className="small muted">{PHARMACIST_NOTICE}</p>
    </div>
  );
}
