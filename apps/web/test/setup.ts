import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy route modules (date pickers, charts) can take seconds to load on a busy 2-core CI machine.
// One timeout for every file: a tighter per-file value made the suite flaky under load.
configure({ asyncUtilTimeout: 20_000 });

/**
 * jsdom has no layout and no matchMedia. Media queries are answered for a desktop viewport
 * (1440 px wide, light colour scheme) so the shell renders its permanent sidebar; a test can
 * change `window.innerWidth` before rendering to get the phone layout.
 */
function evaluateMediaQuery(query: string): boolean {
  const width = window.innerWidth;
  return query.split(',').some((part) =>
    part
      .trim()
      .replace(/^only screen and /, '')
      .split(/\s+and\s+/)
      .every((condition) => {
        const min = /min-width:\s*([\d.]+)px/.exec(condition);
        if (min) return width >= Number(min[1]);
        const max = /max-width:\s*([\d.]+)px/.exec(condition);
        if (max) return width <= Number(max[1]);
        if (condition.includes('prefers-color-scheme: dark')) return false;
        if (condition.includes('prefers-reduced-motion: reduce')) return true;
        return true;
      }),
  );
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: evaluateMediaQuery(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: () => undefined });

window.innerWidth = 1440;

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.innerWidth = 1440;
});
