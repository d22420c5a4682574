// The baseline: a bare node:http server answering every request with the same status, headers and
// bytes from memory (read from the JSON file named on the command line). The limit for Node here.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const { status, headers, body } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const bytes = Buffer.from(body, 'base64');
const server = createServer((req, res) => {
  req.resume();
  res.writeHead(status, { ...headers, 'content-length': bytes.length });
  res.end(bytes);
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));
