// The benches' load generators' HTTP client: node:http on kept-alive sockets. It costs the machine about a
// third of the CPU of fetch (whose WHATWG requests, responses and streams are built for every call), and
// the load generator shares the machine with the server it measures. Loaded by the generators' worker
// threads with require(workerData.httpClient).
const http = require('node:http');

/** A client with its own pool of sockets (maxSockets per origin; Infinity for an open loop). */
function createClient(maxSockets = Infinity) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  /** One request; resolves with status, headers and body text, rejects on a network error or after timeoutMs. */
  return function request(url, { method = 'GET', headers = {}, body, timeoutMs } = {}) {
    return new Promise((resolve, reject) => {
      const sent = body === undefined ? undefined : Buffer.from(body);
      const req = http.request(url, { method, agent, headers: sent ? { ...headers, 'content-length': sent.length } : headers }, (res) => {
        const parts = [];
        res.on('data', (c) => parts.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts).toString() });
        });
        res.on('error', reject);
      });
      const timer = timeoutMs
        ? setTimeout(() => req.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { name: 'TimeoutError' })), timeoutMs)
        : undefined;
      req.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      req.end(sent);
    });
  };
}

module.exports = { createClient };
