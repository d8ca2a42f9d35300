export * from './constants.ts';
export * from './errors.ts';
export * from './brands.ts';
export * from './account-menu.ts';
export * from './http.ts';
export * from './entities/index.ts';
export * from './limits.ts';
export * from './route-preloads.ts';
