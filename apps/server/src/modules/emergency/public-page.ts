import {
  EMERGENCY_LANGUAGES,
  TOOLBAR_HEIGHT_PX,
  type BrandConfig,
  type EmergencyLanguage,
} from '@pet/contract';
import { PUBLIC_PAGE_TEXTS, type PublicPageMessageKey } from './public-page.texts.ts';
import {
  CONTRACT_CANCELLATION_FOOTER_CSS,
  contractCancellationFooter,
} from '../../http/contract-cancellation-footer.ts';

/** The server-rendered /notfall page (account-area "Public emergency page"). */
export const PUBLIC_PAGE_PATH = '/notfall';

export interface PublicPageModel {
  brand: BrandConfig;
  /** The page's language (?lang, else Accept-Language). */
  lang: EmergencyLanguage;
  /** The file language chosen in the form (default de). */
  fileLanguage: EmergencyLanguage;
  /** The refusal to show above the form, with the password as typed so it need not be typed again. */
  message?: PublicPageMessageKey;
  code?: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Store searches for the brand's app, as the SPA's AppStoreButtons (the brand has no store links). */
function storeLinks(appName: string) {
  const term = encodeURIComponent(appName);
  return {
    appStore: `https://apps.apple.com/de/search?term=${term}`,
    googlePlay: `https://play.google.com/store/search?q=${term}&c=apps`,
  };
}

/**
 * The SPA's look without the SPA: its theme's colours (apps/web/src/lib/theme.ts: the dark-orange
 * accent, paper and background of both schemes, following the system's scheme), the 78 px top bar
 * with the brand's logo, a 600 px card. Inline, so a first visit is one HTML answer plus the logo.
 */
const CSS = `
:root{color-scheme:light dark;--bg:#FAF7F5;--paper:#FFF;--text:#1F1A17;--muted:#5C534D;--line:rgba(31,26,23,.12);--accent:#C04D00;--on-accent:#FFF;--hover:rgba(31,26,23,.05);--error-bg:#FDEDED;--error:#5F2120}
@media (prefers-color-scheme:dark){:root{--bg:#121110;--paper:#1C1A18;--text:#F3EEEA;--muted:#BDB3AB;--line:rgba(243,238,234,.12);--accent:#F0883E;--on-accent:#1A1208;--hover:rgba(243,238,234,.06);--error-bg:#2C1512;--error:#F4C7C3}}
*{box-sizing:border-box}
body{margin:0;min-height:100dvh;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif}
header{position:fixed;inset:0 0 auto;height:${TOOLBAR_HEIGHT_PX}px;display:flex;align-items:center;gap:8px;padding:0 24px;background:var(--paper);border-bottom:1px solid var(--line)}
header a.logo{margin-right:auto;display:inline-flex}
header img{height:44px;width:auto}
a{color:var(--accent)}
header a.lang{font-weight:600;text-decoration:none;padding:8px 12px;border-radius:999px}
header a.lang:hover{background:var(--hover)}
main{padding:${TOOLBAR_HEIGHT_PX + 24}px 16px 48px}
.card{max-width:600px;margin:0 auto;background:var(--paper);border:1px solid var(--line);border-radius:16px;padding:40px}
h1{font-size:1.85rem;font-weight:700;letter-spacing:-.01em;margin:0}
.sub{color:var(--muted);margin:6px 0 24px}
.alert{background:var(--error-bg);color:var(--error);border-radius:10px;padding:14px 16px;margin-bottom:24px}
label.field{display:block;font-size:.9rem;color:var(--muted);margin-bottom:6px}
input[type=text]{width:100%;font:inherit;color:inherit;background:transparent;border:1px solid var(--line);border-color:color-mix(in srgb,var(--text) 28%,transparent);border-radius:10px;padding:15px 14px}
input[type=text]:focus{outline:2px solid var(--accent);outline-offset:-1px}
input[aria-invalid=true]{border-color:#D32F2F}
fieldset{border:0;padding:0;margin:20px 0}
legend{font-size:.9rem;color:var(--muted);padding:0;margin-bottom:4px}
.radios{display:flex;gap:24px;flex-wrap:wrap}
.radios label{display:inline-flex;align-items:center;gap:8px;min-height:42px;cursor:pointer}
input[type=radio]{width:20px;height:20px;margin:0;accent-color:var(--accent)}
button{width:100%;font:inherit;font-weight:600;font-size:1rem;border:0;border-radius:999px;padding:12px 22px;background:var(--accent);color:var(--on-accent);cursor:pointer}
button:hover{filter:brightness(1.08)}
button:focus-visible,a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.info{display:flex;gap:12px;margin-top:24px;padding:16px;border-radius:10px;background:var(--hover);color:var(--muted);font-size:.875rem}
.info svg{flex:none;fill:var(--accent)}
.apps{margin-top:24px;padding-top:24px;border-top:1px solid var(--line)}
.apps h2{font-size:1rem;margin:0}
.apps p{color:var(--muted);font-size:.875rem;margin:4px 0 16px}
.stores{display:flex;gap:12px;flex-wrap:wrap}
.stores a{background:var(--text);color:var(--paper);text-decoration:none;font-weight:600;border-radius:999px;padding:8px 20px}
@media (max-width:599px){header{padding:0 12px}main{padding-left:16px;padding-right:16px}.card{padding:24px}h1{font-size:1.6rem}.stores{flex-direction:column}.stores a{text-align:center}}
`
  .replace(/\n/g, '')
  .trim();

/** MUI's InfoOutlined icon, as the SPA showed it. */
const INFO_ICON =
  '<svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true"><path d="M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8"/></svg>';

/**
 * The whole page: the emergency password, the file's language (Deutsch first and default),
 * Confirm, the info text and the app-store buttons. A plain HTML form posting to the page itself,
 * so it works without JavaScript; the page's language travels in ?lang.
 */
export function renderPublicPage(model: PublicPageModel): string {
  const { brand, lang, fileLanguage, message, code } = model;
  const text = PUBLIC_PAGE_TEXTS[lang];
  const other: EmergencyLanguage = lang === 'de' ? 'en' : 'de';
  const self = `${PUBLIC_PAGE_PATH}?lang=${lang}`;
  const radios = EMERGENCY_LANGUAGES.map(
    (language) =>
      `<label><input type="radio" name="language" value="${language}"${language === fileLanguage ? ' checked' : ''}>${escapeHtml(text.languages[language])}</label>`,
  ).join('');
  const links = storeLinks(brand.name);
  const apps = brand.appStoreBadges
    ? `<section class="apps" aria-labelledby="apps-title"><h2 id="apps-title">${escapeHtml(text.appsTitle)}</h2><p>${escapeHtml(text.appsText)}</p><div class="stores"><a href="${escapeHtml(links.appStore)}" target="_blank" rel="noopener noreferrer">${escapeHtml(text.appStore)}</a><a href="${escapeHtml(links.googlePlay)}" target="_blank" rel="noopener noreferrer">${escapeHtml(text.googlePlay)}</a></div></section>`
    : '';
  const alert = message
    ? `<div class="alert" role="alert" id="form-error">${escapeHtml(text.messages[message])}</div>`
    : '';
  const invalid = message ? ' aria-invalid="true" aria-describedby="form-error"' : '';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover"><meta name="color-scheme" content="light dark"><meta name="theme-color" content="#D35400"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(`${text.title} · ${brand.name}`)}</title><style>${CSS}${CONTRACT_CANCELLATION_FOOTER_CSS}</style></head><body><header><a class="logo" href="/"><img src="${escapeHtml(brand.logo)}" alt="${escapeHtml(brand.name)}" width="132" height="44"></a><a class="lang" href="${PUBLIC_PAGE_PATH}?lang=${other}" hreflang="${other}" lang="${other}">${escapeHtml(text.switchLanguage)}</a></header><main><div class="card"><h1>${escapeHtml(text.title)}</h1><p class="sub">${escapeHtml(text.subtitle)}</p>${alert}<form method="post" action="${self}"><label class="field" for="code">${escapeHtml(text.passwordLabel)} *</label><input type="text" id="code" name="activation_code" value="${escapeHtml(code ?? '')}" autocomplete="off" autocapitalize="none" spellcheck="false" autofocus${invalid}><fieldset><legend>${escapeHtml(text.languageLabel)}</legend><div class="radios">${radios}</div></fieldset><button type="submit">${escapeHtml(text.submit)}</button></form><div class="info">${INFO_ICON}<span>${escapeHtml(text.info)}</span></div>${apps}</div></main>${contractCancellationFooter(lang)}</body></html>`;
}
