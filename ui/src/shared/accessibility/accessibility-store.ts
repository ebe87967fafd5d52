import { useSyncExternalStore } from 'react';
import {
  applyPreset,
  DEFAULT_SETTINGS,
  readSettings,
  rootAttributes,
  SETTING_KEYS,
  writeSettings,
  type AccessibilitySettings,
  type PresetId,
} from './accessibility-settings';

/**
 * The one live copy of the settings in the page: read from local storage at start, applied to <html> at once,
 * saved as they change, and followed across tabs (the storage event).
 */
let current: AccessibilitySettings = DEFAULT_SETTINGS;
const listeners = new Set<() => void>();

function apply(settings: AccessibilitySettings) {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(rootAttributes(settings))) {
    if (value === null) root.removeAttribute(name);
    else root.setAttribute(name, value);
  }
}

function set(next: AccessibilitySettings, save: boolean) {
  current = next;
  apply(next);
  if (save) writeSettings(window.localStorage, next);
  for (const listener of listeners) listener();
}

/** Called once in main.tsx, before the first render, so the first paint is already in the chosen theme and size. */
export function startAccessibilitySettings() {
  set(readSettings(window.localStorage), false);
  window.addEventListener('storage', (event) => {
    if (event.key === null || (SETTING_KEYS as readonly string[]).includes(event.key))
      set(readSettings(window.localStorage), false);
  });
}

export const accessibilityStore = {
  update(change: Partial<AccessibilitySettings>) {
    set({ ...current, ...change }, true);
  },
  preset(id: PresetId) {
    set(applyPreset(current, id), true);
  },
  resetAll() {
    set(DEFAULT_SETTINGS, true);
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAccessibilitySettings(): AccessibilitySettings {
  return useSyncExternalStore(subscribe, () => current);
}
