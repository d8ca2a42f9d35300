import { describe, expect, it } from 'vitest';
import { routeOfPath } from '@/app/route-of-path';

describe('routeOfPath (the route table row a path shows)', () => {
  it('finds a pet page with its params', () => {
    const found = routeOfPath('/pet-details/Bello/pet-1/my-pet');
    expect(found?.route.titleKey).toBe('route.myPet');
    expect(found?.params).toEqual({ name: 'Bello', id: 'pet-1' });
  });

  it('finds a path without params, trailing slashes or not', () => {
    expect(routeOfPath('/my-account/subscription/checkout')?.route.path).toBe(
      '/my-account/subscription/checkout',
    );
    expect(routeOfPath('/dashboard/')?.route.path).toBe('/dashboard');
    expect(routeOfPath('/dashboard/')?.params).toEqual({});
  });

  it('matches params case-insensitively and remembers its answers (the breadcrumbs ask on every render)', () => {
    const found = routeOfPath('/Pet-Details/Luna/pet-2/Document-Safe/');
    expect(found?.route.path).toBe('/pet-details/:name/:id/document-safe');
    expect(found?.params).toEqual({ name: 'Luna', id: 'pet-2' });
    expect(routeOfPath('/Pet-Details/Luna/pet-2/Document-Safe/')).toBe(found);
    expect(routeOfPath('/pet-details/Luna/pet-2')?.route.path).toBe('/pet-details/:name/:id');
  });

  it('answers nothing for a path of no screen', () => {
    expect(routeOfPath('/pet-details')).toBeUndefined();
    expect(routeOfPath('/no-such-page')).toBeUndefined();
  });
});
