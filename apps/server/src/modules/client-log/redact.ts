/**
 * Personal data out of a client's failure report before it is logged: a report is free text from
 * anyone, and log lines are kept and read far more widely than the database. What goes: e-mail
 * addresses, bearer and JSON web tokens, the values of query parameters that carry secrets or
 * people (token, code, email, password, ...), card numbers and IBANs, and any other long opaque
 * string (session tokens, signed URLs, provider secrets). UUIDs stay: they name rows, not people,
 * and are what a report is searched by.
 */
const EMAIL = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)+/g;
const BEARER = /\b(Bearer|Basic)\s+[^\s"',;]+/gi;
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;
const SECRET_PARAM =
  /([?&;\s{,]["']?(?:token\w*|code|activation_code|emergency_code|password|pass|email|e-mail|secret|key|api_key|sig|signature|session\w*|continueUrl|user_id|name|phone)["']?\s*[=:]\s*["']?)[^&\s"',;}]+/gi;
const IBAN = /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?\b/g;
const CARD = /\b\d(?:[ -]?\d){12,18}\b/g;
const OPAQUE = /[\w+-]{24,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function redactPersonalData(text: string): string {
  return text
    .replace(EMAIL, '[email]')
    .replace(BEARER, '$1 [token]')
    .replace(JWT, '[token]')
    .replace(SECRET_PARAM, '$1[redacted]')
    .replace(IBAN, '[iban]')
    .replace(CARD, '[number]')
    .replace(OPAQUE, (match) => (UUID.test(match) ? match : '[token]'));
}
