import { escapeHtml, renderPublicPageShell } from '../../http/public-page-shell.ts';
import type { FoundPageModel } from './lost-pet.service.ts';

export const FOUND_PAGE_PREFIX = '/found';
export const LOCATE_SCRIPT_PATH = `${FOUND_PAGE_PREFIX}/locate.js`;

const TEXTS = {
  en: {
    title: (pet: string) => `Hello, I am ${pet}!`,
    lost: 'I seem to be lost. Please help me get home.',
    owner: (name: string) => `My human is ${name}.`,
    call: (name: string | null) => (name ? `Call ${name}` : 'Call my owner'),
    ownerSays: 'A message from my owner',
    health: 'Important for my health',
    allergy: 'Allergy',
    medication: 'Medication',
    vet: 'My vet',
    formTitle: 'Tell my owner where I am',
    formText: 'Your message goes to my owner at once, with your phone number so they can call you back.',
    message: 'Your message',
    phone: 'Your phone number',
    location: 'Share my current location (your browser asks first)',
    send: 'Send message',
    sent: 'Thank you! My owner has your message and will get in touch.',
    privacy:
      'Your phone number and message are only passed to the owner. Your location is sent only if you tick the box.',
    errors: {
      Finder_Message_Required: 'Please write a short message.',
      Finder_Phone_Required: 'Please give a phone number the owner can call.',
      Too_Many_Requests_Text:
        'Too many messages were sent from here. Please call the owner or try again later.',
    },
    switchLanguage: 'Deutsch',
    noPhoto: 'No photo',
  },
  de: {
    title: (pet: string) => `Hallo, ich bin ${pet}!`,
    lost: 'Ich habe mich wohl verlaufen. Bitte helfen Sie mir nach Hause.',
    owner: (name: string) => `Mein Mensch heißt ${name}.`,
    call: (name: string | null) => (name ? `${name} anrufen` : 'Meinen Besitzer anrufen'),
    ownerSays: 'Eine Nachricht meines Besitzers',
    health: 'Wichtig für meine Gesundheit',
    allergy: 'Allergie',
    medication: 'Medikament',
    vet: 'Mein Tierarzt',
    formTitle: 'Sagen Sie meinem Besitzer, wo ich bin',
    formText: 'Ihre Nachricht geht sofort an meinen Besitzer, mit Ihrer Telefonnummer für den Rückruf.',
    message: 'Ihre Nachricht',
    phone: 'Ihre Telefonnummer',
    location: 'Meinen aktuellen Standort mitsenden (Ihr Browser fragt vorher)',
    send: 'Nachricht senden',
    sent: 'Danke! Mein Besitzer hat Ihre Nachricht und meldet sich bei Ihnen.',
    privacy:
      'Telefonnummer und Nachricht erhält nur der Besitzer. Ihr Standort wird nur mit Häkchen gesendet.',
    errors: {
      Finder_Message_Required: 'Bitte schreiben Sie eine kurze Nachricht.',
      Finder_Phone_Required: 'Bitte geben Sie eine Telefonnummer für den Rückruf an.',
      Too_Many_Requests_Text:
        'Von hier wurden zu viele Nachrichten gesendet. Bitte rufen Sie an oder versuchen Sie es später.',
    },
    switchLanguage: 'English',
    noPhoto: 'Kein Foto',
  },
} as const;

export type FinderFormError = keyof (typeof TEXTS)['en']['errors'];
export const FINDER_FORM_ERRORS = Object.keys(TEXTS.en.errors) as FinderFormError[];

const CSS =
  '.pet{display:flex;gap:20px;align-items:center;margin-bottom:8px}' +
  '.photo{flex:none;width:112px;height:112px;border-radius:50%;object-fit:cover;background:var(--hover);display:flex;align-items:center;justify-content:center;color:var(--muted);font-size:.8rem}' +
  '.actions{display:grid;gap:10px;margin:20px 0}' +
  'ul.alerts{padding-left:20px;margin:0}blockquote{margin:0;padding:12px 16px;border-left:3px solid var(--accent);background:var(--hover);border-radius:0 10px 10px 0;white-space:pre-line}' +
  '@media (max-width:599px){.photo{width:84px;height:84px}}';

export interface FoundPageState {
  lang: 'en' | 'de';
  /** The form was sent. */
  sent?: boolean;
  error?: FinderFormError;
  /** What the finder typed, so an error does not lose it. */
  form?: { message?: string; phone?: string };
}

/** The public tag page: what the owner chose to show and the finder's message form. */
export function renderFoundPage(model: FoundPageModel, state: FoundPageState): string {
  const text = TEXTS[state.lang];
  const self = `${FOUND_PAGE_PREFIX}/${model.token}?lang=${state.lang}`;
  const other = state.lang === 'de' ? 'en' : 'de';
  const photo = model.photoUrl
    ? `<img class="photo" src="${escapeHtml(model.photoUrl)}" alt="${escapeHtml(model.petName)}" width="112" height="112">`
    : `<div class="photo" role="img" aria-label="${escapeHtml(text.noPhoto)}">${escapeHtml(text.noPhoto)}</div>`;
  const intro = `<div class="pet">${photo}<div><h1>${escapeHtml(text.title(model.petName))}</h1><p class="sub">${escapeHtml(text.lost)}${model.ownerName ? ` ${escapeHtml(text.owner(model.ownerName))}` : ''}</p></div></div>`;
  const call = model.ownerPhone
    ? `<div class="actions"><a class="button" href="tel:${escapeHtml(model.ownerPhone.replace(/[^\d+]/g, ''))}">${escapeHtml(text.call(model.ownerName))} · ${escapeHtml(model.ownerPhone)}</a></div>`
    : '';
  const message = model.message
    ? `<h2>${escapeHtml(text.ownerSays)}</h2><blockquote>${escapeHtml(model.message)}</blockquote>`
    : '';
  const alerts = model.alerts.length
    ? `<h2>${escapeHtml(text.health)}</h2><ul class="alerts">${model.alerts
        .map(
          (alert) =>
            `<li><strong>${escapeHtml(alert.kind === 'allergy' ? text.allergy : text.medication)}:</strong> ${escapeHtml(alert.name)}${alert.dosage ? ` (${escapeHtml(alert.dosage)})` : ''}</li>`,
        )
        .join('')}</ul>`
    : '';
  const vet = model.vetPhone
    ? `<h2>${escapeHtml(text.vet)}</h2><p><a href="tel:${escapeHtml(model.vetPhone.replace(/[^\d+]/g, ''))}">${escapeHtml(model.vetPhone)}</a></p>`
    : '';
  const form = state.sent
    ? `<div class="alert ok" role="status">${escapeHtml(text.sent)}</div>`
    : `<h2 id="form-title">${escapeHtml(text.formTitle)}</h2><p class="muted">${escapeHtml(text.formText)}</p>${
        state.error
          ? `<div class="alert error" role="alert" id="form-error">${escapeHtml(text.errors[state.error])}</div>`
          : ''
      }<form method="post" action="${escapeHtml(self)}" aria-labelledby="form-title"><label class="field" for="message">${escapeHtml(text.message)} *</label><textarea id="message" name="message" required maxlength="1000">${escapeHtml(state.form?.message ?? '')}</textarea><label class="field" for="phone">${escapeHtml(text.phone)} *</label><input type="tel" id="phone" name="phone" required maxlength="40" autocomplete="tel" value="${escapeHtml(state.form?.phone ?? '')}"><label class="check" id="locate-label" hidden><input type="checkbox" id="locate" name="share_location" value="1">${escapeHtml(text.location)}</label><input type="hidden" name="latitude" id="latitude"><input type="hidden" name="longitude" id="longitude"><button type="submit">${escapeHtml(text.send)}</button></form><p class="muted">${escapeHtml(text.privacy)}</p>`;
  return renderPublicPageShell({
    brand: model.brand,
    lang: state.lang,
    title: text.title(model.petName),
    switchLanguage: {
      href: `${FOUND_PAGE_PREFIX}/${model.token}?lang=${other}`,
      label: text.switchLanguage,
      lang: other,
    },
    body: `${intro}${call}${message}${alerts}${vet}${form}`,
    css: CSS,
    // Only with JavaScript can the browser give a location: the box appears then.
    script: state.sent ? undefined : LOCATE_SCRIPT_PATH,
  });
}

/** Shows the location box and fills the hidden fields when the finder ticks it (the browser asks). */
export const LOCATE_SCRIPT = `document.addEventListener('DOMContentLoaded',function(){var box=document.getElementById('locate');if(!box||!navigator.geolocation)return;document.getElementById('locate-label').hidden=false;box.addEventListener('change',function(){if(!box.checked){document.getElementById('latitude').value='';document.getElementById('longitude').value='';return;}navigator.geolocation.getCurrentPosition(function(p){document.getElementById('latitude').value=p.coords.latitude.toFixed(5);document.getElementById('longitude').value=p.coords.longitude.toFixed(5);},function(){box.checked=false;},{enableHighAccuracy:true,timeout:15000});});});`;
