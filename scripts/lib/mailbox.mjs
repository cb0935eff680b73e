// The local mailbox of `npm start` (and of the e2e invitation test): an SMTP server that keeps the
// mail the BFF sends in memory (smtp-server and mailparser, from the nodemailer project) and a page
// that lists it, so a new user can open an invitation link without a real mail account.
// http://localhost:MAILBOX_PORT/ is the page; /messages.json the same list for scripts and tests.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const MAX_MESSAGES = 200;
const MAX_SIZE = 1_000_000;

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** Plain text as HTML: everything escaped, then http(s) links made clickable. */
const linkify = (text) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function page(messages) {
  const items = messages
    .map(
      (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)} · from ${escapeHtml(m.from)} · ${escapeHtml(m.receivedAt)}</p>
<pre>${linkify(m.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Phoenix Admin local mailbox</title>
<meta http-equiv="refresh" content="10">
<style>body{font:15px system-ui,sans-serif;margin:2rem;max-width:60rem}article{border-bottom:1px solid #ccc;padding:1rem 0}
.meta{color:#444}pre{white-space:pre-wrap;font:14px ui-monospace,monospace}</style></head>
<body><main><h1>Local mailbox</h1><p>Mail the console sent, newest first (kept in memory until npm start stops).</p>
${items || '<p>No mail yet.</p>'}</main></body></html>`;
}

/**
 * Starts both servers on loopback. Resolves to { smtpUrl, webUrl, messages(), stop() }.
 * @param {{ smtpPort: number, webPort: number }} ports
 */
export async function startMailbox({ smtpPort, webPort }) {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_SIZE,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.unshift({
            to: mail.to?.text ?? '',
            from: mail.from?.text ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            receivedAt: new Date().toISOString(),
          });
          messages.length = Math.min(messages.length, MAX_MESSAGES);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, '127.0.0.1', resolve);
  });
  const web = http.createServer((request, response) => {
    if (request.url === '/messages.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify(messages));
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
    response.end(page(messages));
  });
  await new Promise((resolve, reject) => {
    web.once('error', reject);
    web.listen(webPort, '127.0.0.1', resolve);
  });
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: `http://localhost:${webPort}`,
    messages: () => [...messages],
    stop: () => Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => web.close(r))]),
  };
}
