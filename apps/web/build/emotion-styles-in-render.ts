/**
 * Stands in for `@emotion/use-insertion-effect-with-fallbacks` in the browser's build (vite.config.ts):
 * a styled component's new CSS is parsed and inserted while React renders, not in the commit.
 *
 * Why: React renders a transition in slices of a few milliseconds and lets the browser work in
 * between, but the commit is one task. Emotion inserts each new style in an insertion effect,
 * which runs in the commit, so the first commit of a screen (My Animal: about 60 MUI components,
 * most styles new) was one long task, mostly stylis parsing each rule. In the render phase the
 * same work is sliced. A render that React throws away may insert a rule nothing uses yet; rules
 * are keyed by their hash, so it is inserted once and never wrong. This is what Emotion itself
 * does without `useInsertionEffect` (React 17 and older).
 *
 * Global styles keep React's insertion effect (`useInsertionEffectWithLayoutFallback`): they are
 * removed again when their component unmounts, which must follow the commit.
 */
import { useInsertionEffect } from 'react';

export const useInsertionEffectAlwaysWithSyncFallback = (insert: () => unknown): void => {
  insert();
};

export const useInsertionEffectWithLayoutFallback = useInsertionEffect;
