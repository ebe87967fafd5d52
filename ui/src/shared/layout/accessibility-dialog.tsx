import * as Dialog from '@radix-ui/react-dialog';
import { Eye, Hand, Sparkles, Wand2, X } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { KEYBOARD_HELP } from '../accessibility/keyboard-help';
import { FONT_SIZES, PRESETS, type FontSize } from '../accessibility/accessibility-settings';
import { accessibilityStore, useAccessibilitySettings } from '../accessibility/accessibility-store';
import { SettingSwitch } from '../accessibility/setting-switch';
import { Tabs, type TabItem } from '../tabs';

type TabValue = 'visual' | 'interaction' | 'motion' | 'presets';

const FONT_SIZE_LABELS: Record<FontSize, string> = {
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
  'extra-large': 'Extra Large',
};

function VisualTab() {
  const settings = useAccessibilitySettings();
  return (
    <div className="settings-stack">
      <SettingSwitch
        label="High contrast"
        hint="Black text on white, darker borders and stronger colours."
        checked={settings.highContrast}
        onCheckedChange={(highContrast) => accessibilityStore.update({ highContrast })}
      />
      <fieldset className="font-size-choice">
        <legend className="setting-label">Font size</legend>
        <div className="font-size-options">
          {FONT_SIZES.map((size) => (
            <label key={size} className="font-size-option">
              <input
                type="radio"
                name="font-size"
                value={size}
                checked={settings.fontSize === size}
                onChange={() => accessibilityStore.update({ fontSize: size })}
              />
              <span>{FONT_SIZE_LABELS[size]}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

function InteractionTab() {
  const settings = useAccessibilitySettings();
  return (
    <div className="settings-stack">
      <SettingSwitch
        label="Enhanced focus indicators"
        hint="A thick, high-visibility ring around the control that has the keyboard focus."
        checked={settings.focusIndicators}
        onCheckedChange={(focusIndicators) => accessibilityStore.update({ focusIndicators })}
      />
      <section aria-labelledby="keyboard-help-title">
        <h3 id="keyboard-help-title" className="setting-label">
          Keyboard navigation
        </h3>
        <dl className="keyboard-help">
          {KEYBOARD_HELP.map(({ keys, action }) => (
            <div key={action} className="keyboard-help-row">
              <dt>
                {keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && ' + '}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </dt>
              <dd>{action}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

function MotionTab() {
  const settings = useAccessibilitySettings();
  return (
    <div className="settings-stack">
      <SettingSwitch
        label="Reduce motion"
        hint="No animations or transitions: panels, dialogs and messages appear at once."
        checked={settings.reducedMotion}
        onCheckedChange={(reducedMotion) => accessibilityStore.update({ reducedMotion })}
      />
    </div>
  );
}

function PresetsTab() {
  return (
    <ul className="preset-list">
      {PRESETS.map((preset) => (
        <li key={preset.id}>
          <button type="button" className="preset-button" onClick={() => accessibilityStore.preset(preset.id)}>
            <span className="setting-label">{preset.label}</span>
            <span className="muted small">{preset.description}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

const TABS: readonly TabItem<TabValue>[] = [
  { value: 'visual', label: 'Visual', icon: Eye, render: () => <VisualTab /> },
  { value: 'interaction', label: 'Interaction', icon: Hand, render: () => <InteractionTab /> },
  { value: 'motion', label: 'Motion', icon: Sparkles, render: () => <MotionTab /> },
  { value: 'presets', label: 'Presets', icon: Wand2, render: () => <PresetsTab /> },
];

/** Every change is saved and applied as it is made; Reset All and Done close nothing else. */
export function AccessibilityDialog({
  onOpenChange,
  opener,
}: {
  onOpenChange: (open: boolean) => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const [tab, setTab] = useState<TabValue>('visual');
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {/* Opened by a plain button (no Dialog.Trigger, which would bring Radix into the first load): focus goes back to it. */}
        <Dialog.Content
          className="dialog-content accessibility-dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">Accessibility Settings</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              <X size={18} aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="muted">Changes apply at once and are kept on this device.</Dialog.Description>
          <Tabs label="Accessibility settings" tabs={TABS} value={tab} onValueChange={setTab} />
          <div className="dialog-footer">
            <button type="button" className="button button-secondary" onClick={() => accessibilityStore.resetAll()}>
              Reset All
            </button>
            <Dialog.Close className="button button-primary">Done</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
