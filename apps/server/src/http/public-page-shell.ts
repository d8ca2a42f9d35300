import type { FastifyReply } from 'fastify';
import { TOOLBAR_HEIGHT_PX, type BrandConfig } from '@pet/contract';
import {
  CONTRACT_CANCELLATION_FOOTER_CSS,
  contractCancellationFooter,
} from './contract-cancellation-footer.ts';

/**
 * The shell of the small server-rendered public pages (the lost-pet tag page /found/{tag}): the SPA's
 * look without the SPA — its theme's colours for both schemes (following the system's), the top bar
 * with the brand's logo and a language switch, a 600 px card. Inline CSS, so a first visit is one
 * HTML answer plus the logo, and everything works with JavaScript off.
 */

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const BASE_CSS = `
:root{color-scheme:light dark;--bg:#FAF7F5;--paper:#FFF;--text:#1F1A17;--muted:#5C534D;--line:rgba(31,26,23,.12);--accent:#C04D00;--on-accent:#FFF;--hover:rgba(31,26,23,.05);--error-bg:#FDEDED;--error:#5F2120;--ok-bg:#EDF7ED;--ok:#1E4620}
@media (prefers-color-scheme:dark){:root{--bg:#121110;--paper:#1C1A18;--text:#F3EEEA;--muted:#BDB3AB;--line:rgba(243,238,234,.12);--accent:#F0883E;--on-accent:#1A1208;--hover:rgba(243,238,234,.06);--error-bg:#2C1512;--error:#F4C7C3;--ok-bg:#0C2410;--ok:#C8E6C9}}
*{box-sizing:border-box}
body{margin:0;min-height:100dvh;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif}
header{position:fixed;inset:0 0 auto;height:${TOOLBAR_HEIGHT_PX}px;display:flex;align-items:center;padding:0 24px;background:var(--paper);border-bottom:1px solid var(--line)}
header a.logo{margin-right:auto;display:inline-flex}
header img{height:44px;width:auto}
a{color:var(--accent)}
header a.lang{font-weight:600;text-decoration:none;padding:8px 12px;border-radius:999px}
main{padding:${TOOLBAR_HEIGHT_PX + 24}px 16px 48px}
.card{max-width:600px;margin:0 auto;background:var(--paper);border:1px solid var(--line);border-radius:16px;padding:32px}
h1{font-size:1.75rem;font-weight:700;margin:0}
h2{font-size:1.1rem;margin:28px 0 8px}
.sub{color:var(--muted);margin:6px 0 20px}
.alert{border-radius:10px;padding:14px 16px;margin:16px 0}
.alert.error{background:var(--error-bg);color:var(--error)}
.alert.ok{background:var(--ok-bg);color:var(--ok)}
label.field{display:block;font-size:.9rem;color:var(--muted);margin:16px 0 6px}
input[type=text],input[type=tel],textarea{width:100%;font:inherit;color:inherit;background:transparent;border:1px solid color-mix(in srgb,var(--text) 28%,transparent);border-radius:10px;padding:13px 14px}
textarea{min-height:110px;resize:vertical}
input:focus,textarea:focus{outline:2px solid var(--accent);outline-offset:-1px}
.check{display:flex;gap:10px;align-items:center;margin:16px 0;min-height:42px}
.check input{width:20px;height:20px;accent-color:var(--accent)}
button,.button{display:inline-block;text-align:center;width:100%;font:inherit;font-weight:600;border:0;border-radius:999px;padding:12px 22px;background:var(--accent);color:var(--on-accent);cursor:pointer;text-decoration:none}
.button.outlined{background:transparent;color:var(--accent);border:1px solid var(--accent)}
button:focus-visible,a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.muted{color:var(--muted);font-size:.875rem}
@media (max-width:599px){header{padding:0 12px}.card{padding:22px}h1{font-size:1.5rem}}
`
  .replace(/\n/g, '')
  .trim();

export interface PublicPage {
  brand: BrandConfig;
  lang: 'en' | 'de';
  title: string;
  /** The page in the other language, and that language's name for the switch. */
  switchLanguage: { href: string; label: string; lang: 'en' | 'de' };
  /** The card's inner HTML (already escaped). */
  body: string;
  /** Page-specific CSS added to the shell's. */
  css?: string;
  /** A same-origin script (CSP allows 'self' scripts only): progressive enhancement, never needed. */
  script?: string;
}

export function renderPublicPageShell(page: PublicPage): string {
  const { brand, lang, title, switchLanguage } = page;
  const script = page.script ? `<script src="${escapeHtml(page.script)}" defer></script>` : '';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(`${title} · ${brand.name}`)}</title><style>${BASE_CSS}${CONTRACT_CANCELLATION_FOOTER_CSS}${page.css ?? ''}</style>${script}</head><body><header><a class="logo" href="/"><img src="${escapeHtml(brand.logo)}" alt="${escapeHtml(brand.name)}" width="132" height="44"></a><a class="lang" href="${escapeHtml(switchLanguage.href)}" hreflang="${switchLanguage.lang}" lang="${switchLanguage.lang}">${escapeHtml(switchLanguage.label)}</a></header><main><div class="card">${page.body}</div></main>${contractCancellationFooter(lang)}</body></html>`;
}

/**
 * Sends a page that only the holder of its link should see (a lost-pet tag, a vet handover): never
 * stored, its URL (the secret) never sent on as a referrer, never indexed.
 */
export function sendLinkPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .send(html);
}
