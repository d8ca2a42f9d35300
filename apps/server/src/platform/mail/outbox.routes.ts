import type { FastifyPluginAsync, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { forbidden, notFound } from '../errors.ts';
import { listOutbox, outboxAttachment } from './outbox.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The guard of the `local` routes (http/route-access.ts): `tool` answers local clients only. */
export function requireLocalClient(tool: string): onRequestAsyncHookHandler {
  return async (request) => {
    if (!isLoopbackRequest(request)) throw forbidden('Forbidden_Text', `${tool} answers local clients only`);
  };
}

/**
 * Only a client on this machine may read the outbox: the socket peer must be loopback and the
 * request must not have come through a proxy (a proxy on the same host would otherwise make every
 * visitor look local).
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress ?? '';
  if (!LOOPBACK.has(peer)) return false;
  return !request.headers['x-forwarded-for'] && !request.headers.forwarded && !request.headers['x-real-ip'];
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const local = { access: 'local', localTool: 'The dev mailbox' } as const;

/**
 * GET /dev/mailbox (HTML list) and /dev/mailbox.json (newest first: to, subject, text, html,
 * links, attachments' name, type and size), and /dev/mailbox/attachment?id= (one file). Registered only outside production, and only answered to loopback clients.
 */
export const outboxRoutes: FastifyPluginAsync = async (app) => {
  app.get('/dev/mailbox.json', { config: local, schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listOutbox(app.db);
  });

  /** One attachment of an outbox mail (its id from mailbox.json), as the recipient would save it. */
  app.get<{ Querystring: { id?: string } }>(
    '/dev/mailbox/attachment',
    { config: local, schema: { hide: true } },
    async (request, reply) => {
      const file = request.query.id ? await outboxAttachment(app.db, request.query.id) : undefined;
      if (!file) throw notFound('No such attachment');
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', file.type)
        .header('content-disposition', `attachment; filename="${file.name.replace(/["\\\r\n]/g, '_')}"`)
        .send(file.content);
    },
  );

  app.get('/dev/mailbox', { config: local, schema: { hide: true } }, async (_request, reply) => {
    const mails = await listOutbox(app.db);
    const items = mails
      .map(
        (mail) => `<li><article>
<h2>${escapeHtml(mail.subject)}</h2>
<p><strong>To:</strong> ${escapeHtml(mail.to)} · <strong>Kind:</strong> ${escapeHtml(mail.kind)} · <time>${escapeHtml(mail.created_at)}</time></p>
<ul>${mail.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>
${mail.attachments.map((file) => `<p>📎 <a href="/dev/mailbox/attachment?id=${encodeURIComponent(file.id)}">${escapeHtml(file.name)}</a> (${escapeHtml(file.type)}, ${file.size} bytes)</p>`).join('')}
<details><summary>Text</summary><pre>${escapeHtml(mail.text)}</pre></details>
</article></li>`,
      )
      .join('\n');
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title></head>
<body><h1>Dev mailbox (${mails.length})</h1>
${mails.length === 0 ? '<p>No mail yet.</p>' : `<ol>${items}</ol>`}
</body></html>`;
  });
};
