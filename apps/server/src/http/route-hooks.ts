import type { RouteOptions } from 'fastify';

type RouteHookName = 'onRequest' | 'preValidation' | 'preHandler' | 'onSend';

/**
 * Adds a hook to one route's own hooks (in an onRoute hook), first or last among them. A hook
 * that only some routes need costs the others nothing this way; route hooks run after the
 * instance's hooks of the same kind.
 */
export function addRouteHook<Name extends RouteHookName>(
  route: RouteOptions,
  name: Name,
  hook: NonNullable<RouteOptions[Name]> extends infer H ? (H extends Array<infer Item> ? Item : H) : never,
  position: 'first' | 'last' = 'last',
): void {
  const current = route[name];
  const list = current === undefined ? [] : Array.isArray(current) ? current : [current];
  (route as Record<Name, unknown>)[name] = position === 'first' ? [hook, ...list] : [...list, hook];
}
