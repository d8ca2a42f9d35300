import { screen } from '@testing-library/react';
import { json, type renderApp } from './helpers';

export type User = ReturnType<typeof renderApp>['user'];

/** Pastes (typing letter by letter is slow in jsdom and tests nothing more here). */
export async function enter(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** A field by its label, with or without the required marker (" *"). */
export const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));

/** better-auth's error answer. */
export function identityError(status: number, code: string, message = code): Response {
  return json({ code, message }, status);
}
