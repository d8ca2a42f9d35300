import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const html = fs.readFileSync(path.resolve(import.meta.dirname, '../index.html'), 'utf8');

describe('index.html boot screen', () => {
  it('paints the paw inline, before any script or file has loaded (first contentful paint)', () => {
    const boot = /<div class="boot"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(boot).toMatch(/<svg[^>]*viewBox="0 0 48 48"/);
    expect(boot).toContain('<ellipse');
    // Inline only: no image, script or style sheet to wait for.
    expect(boot).not.toMatch(/<(img|script|link)\b/);
  });

  it("fetches the brand configuration with the scripts, in the API client's credentials mode", () => {
    // The client's fetch uses credentials: 'include'; only a matching preload is reused.
    const client = fs.readFileSync(path.resolve(import.meta.dirname, '../src/lib/api-client.ts'), 'utf8');
    expect(client).toContain("credentials: 'include'");
    expect(html).toContain(
      '<link rel="preload" href="/v1/config" as="fetch" crossorigin="use-credentials" />',
    );
  });
});
