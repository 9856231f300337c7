import type { FastifyInstance } from 'fastify';

// GET /: what a person opening the server's address in a browser should see instead of an API error.
// Static HTML, no script; the API itself stays under /api and answers JSON.

function landingPage(dashboard: boolean): string {
  const links = [
    ['/docs', 'API reference', 'every endpoint, field and error, rendered from the contract'],
    ['/openapi.json', 'OpenAPI contract', 'for code generators and API tools'],
    ...(dashboard
      ? [['/dashboard', 'Dashboard', 'account owners: keys, webhooks, usage and recent checks']]
      : []),
    ['/healthz', 'Health', 'answers {"status":"ok"} while the service runs'],
  ];
  const items = links
    .map(([href, name, what]) => `    <li><a href="${href}">${name}</a>: ${what}</li>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Share-code checks API</title>
  <style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style>
</head>
<body>
  <h1>Share-code checks API</h1>
  <p>This service runs UK share-code checks (right to work, right to rent, immigration status) on the
  GOV.UK services for you, and answers with the result as data, the applicant's photo and the
  portal's PDF. Send checks to <code>/api/check</code> with an API key; sandbox keys
  (<code>rtw_test_…</code>) answer the documented test share codes without a portal.</p>
  <ul>
${items}
  </ul>
</body>
</html>
`;
}

export function registerLandingPage(app: FastifyInstance, options: { readonly dashboard: boolean }): void {
  const page = landingPage(options.dashboard);
  app.get('/', async (_request, reply) => {
    reply.header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
