'use strict';
/**
 * The ra-data-simple-rest dialect on top of json-server:
 *   ?sort=["title","ASC"]&range=[0,24]&filter={"q":"brot","active":true,"id":[1,2]}
 * becomes json-server's `_sort=title&_order=asc&_start=0&_end=25&q=brot&active=true&id=1&id=2`,
 * and the answer gets `Content-Range: <resource> 0-24/319` like the real server.
 */
const { parse } = require('./errors.cjs');
// The dialect's rules (sort and range shapes, default page, page cap) are the contract's, as on the real server.
const { simpleRestQuery, pageOf } = require('../contract/api/simpleRest.ts');

/** Turns one filter value into json-server's string (or list of strings for "any of"). */
function filterValue(v) {
  if (Array.isArray(v)) return v.map(String);
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * Parses the list query into json-server's parameters. `extraFilter` (tenancy) is applied last,
 * so a client's own filter can never widen it.
 */
function toJsonServerQuery(query, extraFilter = {}) {
  const { sort, range, filter = {} } = parse(simpleRestQuery, { sort: query.sort, range: query.range, filter: query.filter });
  const { offset: start, limit } = pageOf(range);
  const out = { _start: String(start), _end: String(start + limit) };
  if (sort) {
    out._sort = sort[0];
    out._order = sort[1].toLowerCase();
  }
  for (const [key, value] of Object.entries({ ...filter, ...extraFilter })) {
    if (value === undefined || value === '') continue;
    out[key] = filterValue(value);
  }
  return { query: out, start };
}

/** json-server's render hook: lists get Content-Range and the headers a browser may read. */
function render(req, res) {
  let data = res.locals.data;
  // Lists of chats carry no messages (GET /chats/:id does), like the real server.
  if (Array.isArray(data) && req.listResource === 'chats') data = data.map(({ messages, ...chat }) => chat);
  if (Array.isArray(data) && req.listStart !== undefined) {
    const total = Number(res.getHeader('X-Total-Count') ?? data.length);
    const start = req.listStart;
    const end = data.length ? start + data.length - 1 : start;
    res.setHeader('Content-Range', `${req.listResource} ${start}-${end}/${total}`);
    res.setHeader('Access-Control-Expose-Headers', 'Content-Range, X-Total-Count, Location');
  }
  if (res.statusCode === 404) return res.json({ error: 'NotFound', message: 'Record not found', details: undefined });
  if (req.method === 'DELETE' && res.locals.deleted) return res.json(res.locals.deleted);
  res.json(data);
}

module.exports = { toJsonServerQuery, render };
