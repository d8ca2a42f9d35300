/**
 * The text files of the public part: what sign-in, registration and the not-found page read
 * (the shell, errors and validation in translation.json, plus identity.json). Every other file
 * of a language is the rest. Read by build/text-parts.ts, which merges each part into the one
 * module src/lib/texts.ts loads.
 */
export const PUBLIC_TEXT_FILES: ReadonlySet<string> = new Set(['translation', 'identity']);
