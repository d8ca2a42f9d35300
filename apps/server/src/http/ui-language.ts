import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { UI_LANGUAGE_COOKIE, UI_LANGUAGES, type UiLanguage } from '@pet/contract';

/**
 * The first of the browser's languages (Accept-Language, by weight) that we offer; German when
 * none is (account-area "App start", as the app reads navigator.languages).
 */
export function acceptedUiLanguage(acceptLanguage: string | undefined): UiLanguage {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { base: tag.toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((tag) => tag.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const offered = tags.find((tag) => (UI_LANGUAGES as readonly string[]).includes(tag.base ?? ''));
  return (offered?.base as UiLanguage | undefined) ?? 'de';
}

const CHOSEN_LANGUAGE = new RegExp(
  `(?:^|;\\s*)${UI_LANGUAGE_COOKIE.replace('.', '\\.')}=(${UI_LANGUAGES.join('|')})(?:;|$)`,
);

/**
 * The language the app will show a visitor: the one they chose in the app (its cookie mirror of
 * the app's stored choice), else the browser's. A guess for what costs nothing when it is wrong
 * (which texts a page preloads).
 */
export function appLanguageOf(headers: IncomingHttpHeaders): UiLanguage {
  const chosen = headers.cookie ? CHOSEN_LANGUAGE.exec(headers.cookie)?.[1] : undefined;
  return (chosen as UiLanguage | undefined) ?? acceptedUiLanguage(headers['accept-language']);
}

const isUiLanguage = (value: unknown): value is UiLanguage =>
  typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);

/**
 * The language of a server-rendered public page (/notfall, /found/{tag}, /handover/{token}): ?lang
 * when it is one we offer, else the browser's (acceptedUiLanguage).
 */
export function pageLanguage(request: FastifyRequest): UiLanguage {
  const { lang } = request.query as { lang?: unknown };
  return isUiLanguage(lang) ? lang : acceptedUiLanguage(request.headers['accept-language']);
}
