import { describe, expect, it } from 'vitest';
import { deviceId } from './device-id';

/** The browser's storage as a plain map, for node. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe("the phone's own id", () => {
  it('is a random UUID made once and kept', () => {
    const storage = memoryStorage();
    const first = deviceId(storage);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deviceId(storage)).toBe(first);
    expect(deviceId(memoryStorage())).not.toBe(first);
  });

  it('replaces a kept value that is not a UUID', () => {
    const storage = memoryStorage();
    storage.setItem('care-device-id', 'my phone');
    const made = deviceId(storage);
    expect(made).not.toBe('my phone');
    expect(storage.getItem('care-device-id')).toBe(made);
  });
});
