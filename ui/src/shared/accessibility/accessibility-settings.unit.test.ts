import { describe, expect, it } from 'vitest';
import {
  applyPreset,
  DEFAULT_SETTINGS,
  PRESETS,
  readSettings,
  rootAttributes,
  writeSettings,
  type AccessibilitySettings,
  type SettingsStorage,
} from './accessibility-settings';

/** localStorage as a Map: what a browser would keep between visits. */
function fakeStorage(initial: Record<string, string> = {}): SettingsStorage & { entries: Map<string, string> } {
  const entries = new Map(Object.entries(initial));
  return { entries, getItem: (key) => entries.get(key) ?? null, setItem: (key, value) => void entries.set(key, value) };
}

describe('accessibility settings', () => {
  it('defaults to high contrast off, medium font, motion on, focus indicators on', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      highContrast: false,
      fontSize: 'medium',
      reducedMotion: false,
      focusIndicators: true,
    });
    expect(readSettings(fakeStorage())).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps each setting in local storage under its field name and reads it back on the next visit', () => {
    const storage = fakeStorage();
    const chosen: AccessibilitySettings = {
      highContrast: true,
      fontSize: 'extra-large',
      reducedMotion: true,
      focusIndicators: false,
    };
    writeSettings(storage, chosen);
    expect(Object.fromEntries(storage.entries)).toEqual({
      highContrast: 'true',
      fontSize: 'extra-large',
      reducedMotion: 'true',
      focusIndicators: 'false',
    });
    expect(readSettings(fakeStorage(Object.fromEntries(storage.entries)))).toEqual(chosen);
  });

  it('falls back to the default for each entry that is missing or unreadable', () => {
    expect(readSettings(fakeStorage({ highContrast: 'yes', fontSize: 'huge', reducedMotion: 'true' }))).toEqual({
      ...DEFAULT_SETTINGS,
      reducedMotion: true,
    });
    const blocked: SettingsStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readSettings(blocked)).toEqual(DEFAULT_SETTINGS);
    expect(() => writeSettings(blocked, DEFAULT_SETTINGS)).not.toThrow();
  });

  it('has the four presets of the Accessibility dialog, in order', () => {
    expect(PRESETS.map((preset) => preset.label)).toEqual([
      'Vision Support',
      'Motor Support',
      'Cognitive Support',
      'Reset to Default',
    ]);
  });

  it('Vision Support: high contrast on, large font, enhanced focus', () => {
    expect(applyPreset(DEFAULT_SETTINGS, 'vision')).toEqual({
      highContrast: true,
      fontSize: 'large',
      reducedMotion: false,
      focusIndicators: true,
    });
  });

  it('Motor Support: enhanced focus, reduced motion, medium font', () => {
    const from: AccessibilitySettings = {
      highContrast: false,
      fontSize: 'extra-large',
      reducedMotion: false,
      focusIndicators: false,
    };
    expect(applyPreset(from, 'motor')).toEqual({
      highContrast: false,
      fontSize: 'medium',
      reducedMotion: true,
      focusIndicators: true,
    });
  });

  it('Cognitive Support: reduced motion, large font, enhanced focus', () => {
    const from: AccessibilitySettings = {
      highContrast: false,
      fontSize: 'small',
      reducedMotion: false,
      focusIndicators: false,
    };
    expect(applyPreset(from, 'cognitive')).toEqual({
      highContrast: false,
      fontSize: 'large',
      reducedMotion: true,
      focusIndicators: true,
    });
  });

  it('a preset leaves what it does not name as it was; Reset to Default restores every default', () => {
    const vision = applyPreset(DEFAULT_SETTINGS, 'vision');
    expect(applyPreset(vision, 'motor')).toEqual({
      highContrast: true,
      fontSize: 'medium',
      reducedMotion: true,
      focusIndicators: true,
    });
    expect(applyPreset(applyPreset(vision, 'motor'), 'default')).toEqual(DEFAULT_SETTINGS);
  });

  it('puts each setting on <html> for the stylesheet to theme by', () => {
    expect(rootAttributes(DEFAULT_SETTINGS)).toEqual({
      'data-contrast': null,
      'data-font-size': 'medium',
      'data-reduced-motion': null,
      'data-focus-indicators': 'enhanced',
    });
    expect(
      rootAttributes({ highContrast: true, fontSize: 'small', reducedMotion: true, focusIndicators: false }),
    ).toEqual({
      'data-contrast': 'high',
      'data-font-size': 'small',
      'data-reduced-motion': 'true',
      'data-focus-indicators': null,
    });
  });
});
