/** The prefix of identity's cookies (better-auth's `cookiePrefix`): the session is `pet.session_token`. */
export const COOKIE_PREFIX = 'pet';

/** `pet.session_token`, or `__Secure-pet.session_token` where the site is served over HTTPS. */
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${COOKIE_PREFIX}\\.session_token=[^;\\s]`);

/**
 * Whether a request carries a session cookie at all: a guess about the visitor made without a
 * lookup, for what costs nothing when it is wrong (which scripts a page preloads). Whether the
 * session is valid is the identity service's question.
 */
export function carriesSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}
