import { createElement, Suspense, type ComponentType } from 'react';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyNamed } from './lazy-named';

/** The page as the server-side renderer draws it once every lazy part has settled, with any error it reported. */
async function draw(Part: ComponentType<{ text: string }>): Promise<{ html: string; errors: unknown[] }> {
  const errors: unknown[] = [];
  const page = createElement(
    'main',
    null,
    createElement('h1', null, 'Check In'),
    createElement(Suspense, { fallback: null }, createElement(Part, { text: 'Saved on this phone' })),
  );
  const { prelude } = await prerender(page, { onError: (error) => void errors.push(error) });
  // Suspense's own markers are left out: what counts is what the page shows.
  return { html: (await new Response(prelude).text()).replaceAll(/<!--.*?-->/g, ''), errors };
}

const Toast = ({ text }: { text: string }) => createElement('p', { role: 'status' }, text);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lazyNamed', () => {
  it('leaves out a part that fails to load without signal, keeps the screen, and loads it when the network returns', async () => {
    const browser = new EventTarget();
    vi.stubGlobal('window', browser);
    let signal = false;
    const load = vi.fn(async () => {
      if (!signal) throw new TypeError('Failed to fetch dynamically imported module');
      return { ToastView: Toast };
    });
    const Part = lazyNamed(load, 'ToastView');

    const offline = await draw(Part);
    expect(offline.errors).toEqual([]);
    expect(offline.html).toBe('<main><h1>Check In</h1></main>');

    signal = true;
    browser.dispatchEvent(new Event('online'));
    const online = await draw(Part);
    expect(online.errors).toEqual([]);
    expect(online.html).toBe('<main><h1>Check In</h1><p role="status">Saved on this phone</p></main>');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads a part once when it loads at the first try', async () => {
    const load = vi.fn(async () => ({ ToastView: Toast }));
    const Part = lazyNamed(load, 'ToastView');

    expect((await draw(Part)).html).toContain('Saved on this phone');
    expect((await draw(Part)).html).toContain('Saved on this phone');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
