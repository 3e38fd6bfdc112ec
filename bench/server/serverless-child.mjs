// The serverless shape: a fresh Node process imports one route module of a candidate's app (its source, with its
// dependencies from node_modules, not Next's build of it) and answers the first request with the method the route
// file exports, as a cold function does. Prints the milliseconds from before the import to the body read, the
// status and the body. Usage: node serverless-child.mjs <route module> <params JSON> <url> <body>
import { pathToFileURL } from 'node:url';

const [file, params, url, body] = process.argv.slice(2);
const start = performance.now();
const route = await import(pathToFileURL(file).href);
const request = new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
const response = await route.POST(request, { params: Promise.resolve(JSON.parse(params)) });
const text = await response.text();
process.stdout.write(JSON.stringify({ ms: performance.now() - start, status: response.status, type: response.headers.get('content-type'), body: text }));
