/**
 * Leaves the app for the bank's 3-D Secure page (the provider's next_action URL). A module of its
 * own so tests can observe the navigation, which jsdom cannot perform.
 */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
