import type { Page } from 'playwright-core';

/**
 * What axe-core cannot see about a screen's layout, checked in the page as it stands at any width:
 * - the page scrolls sideways (something sticks out of the viewport outside a scroll box of its own: WCAG 1.4.10);
 * - a visible button, link, field or tab is covered at its centre by another element (a floating panel over a row's
 *   buttons), looked at with the page scrolled to the top and to the bottom, so everything a user can scroll to is
 *   seen; the bars of the shell spanning their column (top bar, phone tab bar) and sticky table headings are allowed over
 *   content, because scrolling moves content out from under them;
 * - a tab list cut at its edge without a visible cue that it scrolls (an element marked `data-scroll-cue`), or a tab
 *   whose own label is cut.
 * Each answer is a list of findings, empty when the screen is clean.
 */
export interface LayoutFinding {
  readonly id: 'horizontal-scroll' | 'covered' | 'cut-tabs';
  readonly help: string;
  readonly targets: readonly string[];
}

export async function layoutFindings(page: Page): Promise<LayoutFinding[]> {
  const found = await page.evaluate(() => {
    // The e2e programme is type-checked without the DOM library (the services must not use it): the few members the
    // probe uses, typed here.
    interface Rect {
      readonly left: number;
      readonly right: number;
      readonly top: number;
      readonly bottom: number;
      readonly width: number;
      readonly height: number;
    }
    interface Node {
      readonly tagName: string;
      readonly id: string;
      readonly className: unknown;
      readonly textContent: string | null;
      readonly parentElement: Node | null;
      readonly scrollWidth: number;
      readonly clientWidth: number;
      readonly scrollLeft: number;
      getBoundingClientRect(): Rect;
      getAttribute(name: string): string | null;
      checkVisibility(options: { checkOpacity: boolean; checkVisibilityCSS: boolean }): boolean;
      contains(other: Node): boolean;
      closest(selector: string): Node | null;
      querySelectorAll(selector: string): Iterable<Node>;
    }
    interface Style {
      readonly overflowX: string;
      readonly overflowY: string;
      readonly position: string;
      readonly pointerEvents: string;
    }
    const { document, getComputedStyle, innerWidth, innerHeight, scrollTo, scrollY } = globalThis as unknown as {
      document: {
        documentElement: Node & { readonly scrollHeight: number };
        querySelectorAll(selector: string): Iterable<Node>;
        elementFromPoint(x: number, y: number): Node | null;
      };
      getComputedStyle(element: Node): Style;
      innerWidth: number;
      innerHeight: number;
      scrollY: number;
      scrollTo(options: { top: number; behavior: 'instant' }): void;
    };
    const describe = (element: Node) => {
      const name =
        element.getAttribute('aria-label') ?? element.textContent?.replace(/\s+/g, ' ').trim().slice(0, 40) ?? '';
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/).join('.') : '';
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes ? `.${classes}` : ''}${name ? ` "${name}"` : ''}`;
    };
    const clips = (style: Style) => style.overflowX !== 'visible' || style.overflowY !== 'visible';
    const width = document.documentElement.clientWidth;

    // Sideways scrolling of the page itself.
    const sideways: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      const inScrollBox = (element: Node) => {
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(parent).overflowX)) return true;
        }
        return false;
      };
      for (const element of document.querySelectorAll('body *')) {
        if (sideways.length >= 5) break;
        const right = element.getBoundingClientRect().right;
        if (right > width + 1 && !inScrollBox(element))
          sideways.push(`${describe(element)} ends at ${Math.round(right)} px`);
      }
    }

    /** The part of an element its clipping ancestors leave visible, or undefined when none is. */
    const visibleRect = (element: Node): Rect | undefined => {
      let { left, right, top, bottom } = element.getBoundingClientRect();
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (!clips(getComputedStyle(parent))) continue;
        const box = parent.getBoundingClientRect();
        left = Math.max(left, box.left);
        right = Math.min(right, box.right);
        top = Math.max(top, box.top);
        bottom = Math.min(bottom, box.bottom);
      }
      if (right - left < 2 || bottom - top < 2) return undefined;
      return { left, right, top, bottom, width: right - left, height: bottom - top };
    };
    /** Drawn and meant to be used: not hidden by CSS, a closed <details>, aria-hidden (behind a modal) or inert. */
    const shown = (element: Node) => {
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
      for (let node: Node | null = element; node; node = node.parentElement) {
        if (node.getAttribute('aria-hidden') === 'true' || node.getAttribute('inert') !== null) return false;
      }
      return true;
    };
    /**
     * Chrome allowed over content: a fixed or sticky bar spanning most of its column (the top bar beside the
     * sidebar, the phone's tab bar), or a sticky table head.
     */
    const allowedCover = (cover: Node) => {
      for (let node: Node | null = cover; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.position !== 'fixed' && style.position !== 'sticky') continue;
        if (node.closest('thead, th, [role="columnheader"]')) return true;
        const column = node.parentElement?.getBoundingClientRect().width ?? innerWidth;
        if (node.getBoundingClientRect().width >= Math.min(innerWidth, column) * 0.9) return true;
      }
      return false;
    };
    const controls = [
      ...document.querySelectorAll(
        'button, a[href], input:not([type="hidden"]), select, textarea, [role="tab"], [role="button"]',
      ),
    ];

    const covered = new Map<Node, string>();
    const startY = scrollY;
    const bottomY = document.documentElement.scrollHeight - innerHeight;
    for (const top of bottomY > 0 ? [0, bottomY] : [0]) {
      scrollTo({ top, behavior: 'instant' });
      for (const element of controls) {
        if (covered.has(element) || getComputedStyle(element).pointerEvents === 'none') continue;
        const rect = element.getBoundingClientRect();
        if (rect.width < 4 || rect.height < 4) continue; // visually hidden text, not a target
        const visible = visibleRect(element);
        if (!visible) continue;
        const x = (visible.left + visible.right) / 2;
        const y = (visible.top + visible.bottom) / 2;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
        if (!shown(element)) continue;
        const hit = document.elementFromPoint(x, y);
        if (!hit || hit === element || element.contains(hit) || hit.contains(element)) continue;
        // A label drawn over its own field, or a field's decoration inside the same control.
        if (hit.closest('label')?.contains(element)) continue;
        // An overlay the user opened on purpose (a calendar, a menu, a list of suggestions) covers the form under it.
        if (hit.closest('[data-radix-popper-content-wrapper], [role="menu"], [role="listbox"], [role="tooltip"]'))
          continue;
        if (allowedCover(hit)) continue;
        covered.set(element, `${describe(element)} under ${describe(hit)}`);
      }
    }
    scrollTo({ top: startY, behavior: 'instant' });

    // Tab lists: cut at an edge only with a visible cue that they scroll; a tab's own label never cut.
    const cutTabs: string[] = [];
    for (const list of document.querySelectorAll('[role="tablist"]')) {
      if (!shown(list) || list.getBoundingClientRect().width === 0) continue;
      const listRect = visibleRect(list);
      if (!listRect) continue;
      for (const tab of list.querySelectorAll('[role="tab"]')) {
        if (tab.scrollWidth > tab.clientWidth + 1) cutTabs.push(`${describe(tab)}: its label is cut inside the tab`);
      }
      const tabs = [...list.querySelectorAll('[role="tab"]')];
      const cut = tabs.filter((tab) => {
        const rect = tab.getBoundingClientRect();
        return rect.left < listRect.left - 1 || rect.right > listRect.right + 1;
      });
      if (cut.length === 0) continue;
      const cue = [...(list.parentElement ?? list).querySelectorAll('[data-scroll-cue]')].some(
        (marker) => shown(marker) && visibleRect(marker) !== undefined,
      );
      if (!cue) cutTabs.push(`${describe(list)}: ${cut.map(describe).join(', ')} cut with no cue that the tabs scroll`);
    }

    return { sideways, covered: [...covered.values()].slice(0, 8), cutTabs };
  });
  return [
    ...(found.sideways.length > 0
      ? [{ id: 'horizontal-scroll' as const, help: 'The page scrolls sideways', targets: found.sideways }]
      : []),
    ...(found.covered.length > 0
      ? [{ id: 'covered' as const, help: 'A control is covered by another element', targets: found.covered }]
      : []),
    ...(found.cutTabs.length > 0
      ? [{ id: 'cut-tabs' as const, help: 'A tab is cut without a scroll cue', targets: found.cutTabs }]
      : []),
  ];
}
