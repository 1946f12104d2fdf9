import { createServer } from 'node:http';
import { invoiceTotal } from '../billing/invoice.js';

export const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/total') {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 'not_found', message: 'POST /total' } }));
    return;
  }
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const result = invoiceTotal(JSON.parse(body));
    res.writeHead(result.ok ? 200 : 400, { 'content-type': 'application/json' });
    res.end(JSON.stringify(result.ok ? { total: result.value } : { error: { code: 'invalid', message: result.error } }));
  });
});

if (import.meta.url === `file://${process.argv[1]}`) server.listen(3000);
