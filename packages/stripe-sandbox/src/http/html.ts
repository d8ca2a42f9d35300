import { createHash } from 'node:crypto';

/**
 * The sandbox's server-rendered pages (3-D Secure, hosted checkout): plain forms that work
 * without JavaScript, a neutral look, and a strict CSP of their own (no script at all; the one
 * style block allowed by its hash; forms may post only here and land on the given origins).
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#eef0f3;color:#1d2129;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:30rem;margin:2.5rem auto;padding:1.5rem 1.75rem;background:#fff;border:1px solid #d5d9e0;border-radius:10px}
.tag{display:inline-block;margin-bottom:.75rem;padding:.1rem .5rem;border-radius:999px;background:#fff4d6;color:#6b4e00;font-size:.75rem;font-weight:600;letter-spacing:.03em;text-transform:uppercase}
h1{margin:0 0 .5rem;font-size:1.3rem}
h2{margin:0 0 .5rem;font-size:1.05rem}
p{margin:.5rem 0}
.muted{color:#5a6270;font-size:.9rem}
.amount{font-size:1.6rem;font-weight:600;margin:.25rem 0 1rem}
form{margin:1rem 0 0}
section{margin:1.25rem 0;padding:1rem 1.1rem;border:1px solid #d5d9e0;border-radius:8px}
label{display:block;margin:.7rem 0 .25rem;font-size:.9rem;font-weight:500}
input{width:100%;padding:.55rem .65rem;border:1px solid #8a93a1;border-radius:6px;font:inherit}
input:focus{outline:2px solid #3d63dd;outline-offset:1px}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button{width:100%;margin-top:1rem;padding:.65rem 1rem;border:0;border-radius:6px;background:#3d63dd;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:#a3202a;border:1px solid #a3202a}
button:focus-visible{outline:3px solid #1d2129;outline-offset:2px}
.error{margin:1rem 0;padding:.65rem .8rem;border:1px solid #e5484d;border-radius:6px;background:#fff0f0;color:#8a1119}
a{color:#3d63dd}
details{margin-top:1.25rem;font-size:.85rem;color:#5a6270}
code{font-size:.85rem}
`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

export const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export function renderPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<span class="tag">Sandbox · no real payment</span>
${body}
</main>
</body>
</html>
`;
}

/** The pages' CSP: forms post to this origin and may be redirected to `landingUrls` (return, success). */
export function pageCsp(landingUrls: Array<string | null | undefined>): string {
  const origins = new Set<string>();
  for (const url of landingUrls) {
    if (!url) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    `form-action 'self'${[...origins].map((origin) => ` ${origin}`).join('')}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}
