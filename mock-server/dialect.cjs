'use strict';
/**
 * The ra-data-simple-rest dialect on top of json-server:
 *   ?sort=["title","ASC"]&range=[0,24]&filter={"q":"brot","active":true,"id":[1,2]}
 * becomes json-server's `_sort=title&_order=asc&_start=0&_end=25&q=brot&active=true&id=1&id=2`,
 * and the answer gets `Content-Range: <resource> 0-24/319` like the real server.
 */
const { badRequest } = require('./errors.cjs');

/** Same default page and cap as server/src/routes/simpleRest.ts. */
const DEFAULT_RANGE = [0, 24];
const MAX_PAGE = 500;

function jsonParam(query, name, check) {
  const raw = query[name];
  if (raw === undefined) return undefined;
  let value;
  try {
    value = JSON.parse(String(raw));
  } catch {
    throw badRequest('ValidationFailed', `${name} is not valid JSON`, [{ path: name, message: 'not valid JSON' }]);
  }
  if (!check(value)) throw badRequest('ValidationFailed', `${name} has the wrong shape`, [{ path: name, message: 'wrong shape' }]);
  return value;
}

const isSort = (v) => Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && /^(asc|desc)$/i.test(v[1]);
const isRange = (v) => Array.isArray(v) && v.length === 2 && v.every((n) => Number.isInteger(n) && n >= 0) && v[1] >= v[0];
const isFilter = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

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
  const sort = jsonParam(query, 'sort', isSort);
  const range = jsonParam(query, 'range', isRange) ?? DEFAULT_RANGE;
  const filter = jsonParam(query, 'filter', isFilter) ?? {};
  const start = range[0];
  const end = Math.min(range[1], start + MAX_PAGE - 1);
  const out = { _start: String(start), _end: String(end + 1) };
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

module.exports = { toJsonServerQuery, render, DEFAULT_RANGE, MAX_PAGE };
