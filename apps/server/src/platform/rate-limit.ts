// The rate-limit module lives in ./rate-limit/; this path stays for its importers.
export * from './rate-limit/index.ts';
