/**
 * The accessibility settings: what they are, their defaults, the four presets, and how they are kept in the
 * browser's local storage (one entry per setting, under the setting's own field name).
 * Pure: no React, no DOM, so it is unit-tested on its own.
 */

export const FONT_SIZES = ['small', 'medium', 'large', 'extra-large'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

export interface AccessibilitySettings {
  readonly highContrast: boolean;
  readonly fontSize: FontSize;
  readonly reducedMotion: boolean;
  readonly focusIndicators: boolean;
}

/** The defaults: high contrast off, font medium, reduced motion off, focus indicators on. */
export const DEFAULT_SETTINGS: AccessibilitySettings = {
  highContrast: false,
  fontSize: 'medium',
  reducedMotion: false,
  focusIndicators: true,
};

/** The local-storage key of each setting: its field name, unprefixed. */
export const SETTING_KEYS = [
  'highContrast',
  'fontSize',
  'reducedMotion',
  'focusIndicators',
] as const satisfies readonly (keyof AccessibilitySettings)[];

export const PRESET_IDS = ['vision', 'motor', 'cognitive', 'default'] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export interface Preset {
  readonly id: PresetId;
  readonly label: string;
  readonly description: string;
  /** What the preset sets; the settings it does not name keep their current values (a preset names only these). */
  readonly settings: Partial<AccessibilitySettings>;
}

/** The presets, word for word as the dialog describes what each one turns on. */
export const PRESETS: readonly Preset[] = [
  {
    id: 'vision',
    label: 'Vision Support',
    description: 'High contrast, large font and enhanced focus indicators.',
    settings: { highContrast: true, fontSize: 'large', focusIndicators: true },
  },
  {
    id: 'motor',
    label: 'Motor Support',
    description: 'Enhanced focus indicators, reduced motion and medium font.',
    settings: { focusIndicators: true, reducedMotion: true, fontSize: 'medium' },
  },
  {
    id: 'cognitive',
    label: 'Cognitive Support',
    description: 'Reduced motion, large font and enhanced focus indicators.',
    settings: { reducedMotion: true, fontSize: 'large', focusIndicators: true },
  },
  {
    id: 'default',
    label: 'Reset to Default',
    description: 'Standard contrast, medium font, motion on, focus indicators on.',
    settings: DEFAULT_SETTINGS,
  },
];

export function applyPreset(current: AccessibilitySettings, id: PresetId): AccessibilitySettings {
  const preset = PRESETS.find((candidate) => candidate.id === id);
  return preset ? { ...current, ...preset.settings } : current;
}

/** The part of Storage this needs (localStorage in the browser, a Map-backed fake in tests). */
export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>;

function readBoolean(value: string | null, fallback: boolean): boolean {
  return value === 'true' ? true : value === 'false' ? false : fallback;
}

function isFontSize(value: string | null): value is FontSize {
  return (FONT_SIZES as readonly (string | null)[]).includes(value);
}

/** What is stored, each entry checked on its own: a missing or unreadable entry falls back to its default. */
export function readSettings(storage: SettingsStorage): AccessibilitySettings {
  const get = (key: keyof AccessibilitySettings) => {
    try {
      return storage.getItem(key);
    } catch {
      return null; // storage blocked (privacy mode): the defaults apply
    }
  };
  const fontSize = get('fontSize');
  return {
    highContrast: readBoolean(get('highContrast'), DEFAULT_SETTINGS.highContrast),
    fontSize: isFontSize(fontSize) ? fontSize : DEFAULT_SETTINGS.fontSize,
    reducedMotion: readBoolean(get('reducedMotion'), DEFAULT_SETTINGS.reducedMotion),
    focusIndicators: readBoolean(get('focusIndicators'), DEFAULT_SETTINGS.focusIndicators),
  };
}

/** Every setting under its own key: booleans as "true"/"false", the font size as its name. */
export function writeSettings(storage: SettingsStorage, settings: AccessibilitySettings): void {
  for (const key of SETTING_KEYS) {
    try {
      storage.setItem(key, String(settings[key]));
    } catch {
      // storage full or blocked: the settings still apply for this visit
    }
  }
}

/**
 * The attributes on <html> that styles.css themes by. The font size scales the root font size, so every size
 * given in rem follows it.
 */
export function rootAttributes(settings: AccessibilitySettings): Record<string, string | null> {
  return {
    'data-contrast': settings.highContrast ? 'high' : null,
    'data-font-size': settings.fontSize,
    'data-reduced-motion': settings.reducedMotion ? 'true' : null,
    'data-focus-indicators': settings.focusIndicators ? 'enhanced' : null,
  };
}
