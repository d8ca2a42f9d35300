/**
 * The text files of the public part: what sign-in, registration and the not-found page read
 * (the shell, errors and validation in translation.json, plus identity.json). Every other file
 * of a language is the rest. Read by src/lib/texts.ts (what to load) and vite.config.ts (which
 * files share a chunk).
 */
export const PUBLIC_TEXT_FILES: ReadonlySet<string> = new Set(['translation', 'identity']);
