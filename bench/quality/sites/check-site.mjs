// Consistency check of the project's evaluation sites (node <site>/check.mjs, which passes its folder first). Node 20,
// no dependencies. What differs between the sites (origin, name, the trap pages, robots rules, expected statuses) is in
// each site's site.json.
//
//   node check.mjs                 full check: questions against the page text, then serve.mjs is started
//                                  on a free port and crawled over HTTP (robots, redirects, canonicals, 404s)
//   node check.mjs --port 45050    same, but serve.mjs listens on that port
//   node check.mjs --no-serve      questions and files only, no server
//   node check.mjs --verbose       also list notes (e.g. accepted URLs that state a fact in another notation)
//
// Exit status: 0 = no errors (notes and warnings may still be printed), 1 = errors, 2 = bad usage.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';

// The site's folder: the first argument (the site's check.mjs puts it there).
const HERE = path.resolve(process.argv.splice(2, 1)[0] ?? '');
const SITE = path.join(HERE, 'site');
const config = JSON.parse(fs.readFileSync(path.join(HERE, 'site.json'), 'utf8'));
const { prodOrigin: PROD_ORIGIN, siteName: SITE_NAME, intern: INTERN, hostile: HOSTILE } = config;
const { robotsDisallow: ROBOTS_DISALLOW, seoBots: SEO_BOTS, postForms: POST_FORMS, expectStatus: EXPECT_STATUS } = config;

const args = process.argv.slice(2);
const opt = { serve: true, port: 0, verbose: false };
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--no-serve') opt.serve = false;
  else if (args[i] === '--verbose' || args[i] === '-v') opt.verbose = true;
  else if (args[i] === '--port' && /^\d+$/.test(args[i + 1] ?? '')) opt.port = Number(args[++i]);
  else {
    console.error('usage: node check.mjs [--port N] [--no-serve] [--verbose]');
    process.exit(2);
  }
}

const errors = [];
const warnings = [];
const notes = [];
const err = (m) => errors.push(m);
const warn = (m) => warnings.push(m);
const note = (m) => notes.push(m);

// ---------------------------------------------------------------- HTML helpers
const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ndash: '–', mdash: '—', hellip: '…', euro: '€', shy: '' };
function decode(s) {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return NAMED[e.toLowerCase()] ?? m;
  });
}
/** whitespace incl. NBSP / narrow NBSP / thin spaces collapsed, NFC, lower case */
function norm(s) {
  return s.normalize('NFC').replace(/[\s\u00a0\u202f\u2007\u2009\u200a]+/g, ' ').trim().toLowerCase();
}
const RAW = new Set(['script', 'style', 'template', 'title', 'textarea']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
function isHidden(attrs) {
  return /\bstyle\s*=\s*["'][^"']*display\s*:\s*none/i.test(attrs) || /(^|\s)hidden(\s|=|$)/i.test(attrs);
}
/**
 * Text a crawler without JavaScript sees: <body> only, no script/style/template, no element hidden with
 * display:none or the hidden attribute. Returns { visible, hidden, scripts } (all decoded, not normalised).
 */
function extract(html) {
  const bodyStart = html.search(/<body\b/i);
  const src = bodyStart >= 0 ? html.slice(bodyStart) : html;
  const out = [];
  const hiddenOut = [];
  const scripts = [];
  const re = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>|([^<]+)|</g;
  let hideName = null;
  let hideDepth = 0;
  let m;
  while ((m = re.exec(src))) {
    if (m[4] !== undefined || m[0] === '<') {
      (hideName ? hiddenOut : out).push(decode(m[4] ?? '<'));
      continue;
    }
    if (!m[2]) continue; // comment
    const name = m[2].toLowerCase();
    const closing = m[1] === '/';
    const attrs = m[3] ?? '';
    if (!closing && RAW.has(name)) {
      const end = src.toLowerCase().indexOf(`</${name}`, re.lastIndex);
      const inner = src.slice(re.lastIndex, end < 0 ? src.length : end);
      if (name === 'script') scripts.push(inner);
      if (name === 'textarea') (hideName ? hiddenOut : out).push(' ' + decode(inner) + ' ');
      re.lastIndex = end < 0 ? src.length : src.indexOf('>', end) + 1;
      continue;
    }
    (hideName ? hiddenOut : out).push(' ');
    if (hideName) {
      if (name === hideName && !VOID.has(name) && !attrs.trim().endsWith('/')) {
        if (closing) hideDepth--;
        else hideDepth++;
        if (hideDepth === 0) hideName = null;
      }
      continue;
    }
    if (!closing && !VOID.has(name) && isHidden(attrs)) {
      hideName = name;
      hideDepth = 1;
    }
  }
  return { visible: out.join(''), hidden: hiddenOut.join(''), scripts: scripts.join('\n') };
}
/** pages[].main_words: letter/digit runs in <main> without <script>, <style>, <noscript> (display:none text counts) */
function mainWords(html) {
  const m = html.match(/<main\b[^>]*>([\s\S]*?)<\/main>/i);
  if (!m) return 0;
  const text = decode(m[1].replace(/<(script|style|noscript)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' '));
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;
}
const attr = (tag, name) => {
  const m = tag.match(new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'));
  return m ? decode(m[2] ?? m[3] ?? m[4]) : null;
};
function canonicalOf(html) {
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) if ((attr(tag, 'rel') ?? '').toLowerCase() === 'canonical') return attr(tag, 'href');
  return null;
}
function anchorsOf(html) {
  // <a href> only: <form action>, <link>, <script src> and <img src> are not links to follow
  return (html.match(/<a\b[^>]*>/gi) ?? []).map((t) => attr(t, 'href')).filter((h) => h !== null);
}

// ---------------------------------------------------------------- load data
function loadJson(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(HERE, name), 'utf8'));
  } catch (e) {
    err(`${name}: cannot read/parse (${e.message})`);
    return null;
  }
}
const questions = loadJson('questions.json') ?? [];
const ce = loadJson('crawl-expectations.json') ?? {};
const routes = loadJson('routes.json') ?? {};

const pagesByPath = new Map((ce.pages ?? []).map((p) => [p.path, p]));
const expectedPaths = ce.spider_crawl?.expected_paths ?? [];
const sitemapPaths = ce.sitemap_only_crawl?.expected_paths ?? [];

/** path ("/kurse/") -> file under site/ */
function fileForPath(p) {
  const clean = p.split(/[?#]/)[0];
  const rel = clean.endsWith('/') ? clean + 'index.html' : clean;
  return path.join(SITE, rel);
}
const pageCache = new Map();
function page(p) {
  if (!pageCache.has(p)) {
    const f = fileForPath(p);
    if (!fs.existsSync(f)) pageCache.set(p, null);
    else {
      const html = fs.readFileSync(f, 'utf8');
      const x = extract(html);
      pageCache.set(p, { html, ...x, nVisible: norm(x.visible), nHidden: norm(x.hidden), nScripts: norm(decode(x.scripts)) });
    }
  }
  return pageCache.get(p);
}
const isEn = (p) => p === '/en/' || p.startsWith('/en/');

// ---------------------------------------------------------------- pages in crawl-expectations.json
const htmlFiles = [];
(function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const f = path.join(dir, e.name);
    if (e.isDirectory()) walk(f);
    else if (e.name.endsWith('.html')) htmlFiles.push(path.relative(HERE, f).split(path.sep).join('/'));
  }
})(SITE);

if (expectedPaths.length !== ce.spider_crawl?.count) err(`crawl-expectations: spider_crawl.count ${ce.spider_crawl?.count} != ${expectedPaths.length} expected_paths`);
if (sitemapPaths.length !== ce.sitemap_only_crawl?.count) err(`crawl-expectations: sitemap_only_crawl.count ${ce.sitemap_only_crawl?.count} != ${sitemapPaths.length} expected_paths`);
if (new Set(expectedPaths).size !== expectedPaths.length) err('crawl-expectations: duplicate spider expected_paths');
for (const p of expectedPaths) if (!pagesByPath.has(p)) err(`crawl-expectations: expected path ${p} has no entry in pages[]`);
for (const [p, info] of pagesByPath) {
  if (!expectedPaths.includes(p)) err(`crawl-expectations: pages[] entry ${p} is not an expected path`);
  const f = path.join(HERE, info.file);
  if (!fs.existsSync(f)) { err(`crawl-expectations: ${p}: file ${info.file} missing`); continue; }
  if (path.resolve(f) !== path.resolve(fileForPath(p))) err(`crawl-expectations: ${p}: file ${info.file} is not what the server serves`);
  const html = fs.readFileSync(f, 'utf8');
  // pages[].title is the <title> without the site-name suffix
  const title = decode(html.match(/<title>([\s\S]*?)<\/title>/i)?.[1] ?? '').trim().replace(new RegExp(` \\| ${SITE_NAME}$`), '');
  if (title !== info.title) err(`crawl-expectations: ${p}: title "${info.title}" but page has "${title}"`);
  const lang = html.match(/<html\b[^>]*\slang="([^"]+)"/i)?.[1];
  if (lang !== info.lang) err(`crawl-expectations: ${p}: lang ${info.lang} but page has ${lang}`);
  if (info.lang !== (isEn(p) ? 'en' : 'de')) err(`crawl-expectations: ${p}: lang ${info.lang} does not match its folder`);
  const canon = canonicalOf(html);
  if (canon !== PROD_ORIGIN + p) err(`crawl-expectations: ${p}: canonical is ${canon}, expected ${PROD_ORIGIN + p}`);
  if (info.in_sitemap !== sitemapPaths.includes(p)) err(`crawl-expectations: ${p}: in_sitemap=${info.in_sitemap} disagrees with sitemap_only_crawl`);
  const words = mainWords(html);
  if (info.main_words !== words) err(`crawl-expectations: ${p}: main_words ${info.main_words}, counted ${words}`);
}
const sitemapXml = fs.readFileSync(path.join(SITE, 'sitemap.xml'), 'utf8');
const sitemapLocs = [...sitemapXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(PROD_ORIGIN, ''));
if (JSON.stringify([...sitemapLocs].sort()) !== JSON.stringify([...sitemapPaths].sort())) err('sitemap.xml <loc> list differs from sitemap_only_crawl.expected_paths');
for (const p of ce.spider_crawl?.reachable_only_by_links ?? []) if (sitemapPaths.includes(p) || !expectedPaths.includes(p)) err(`crawl-expectations: reachable_only_by_links ${p} inconsistent`);

// secret markers: only on the internal page
const publicPaths = expectedPaths;
for (const s of ce.secret_markers ?? []) {
  if (!page(INTERN)?.nVisible.includes(norm(s))) err(`secret marker "${s}" not found on ${INTERN}`);
  for (const p of publicPaths) if (page(p)?.nVisible.includes(norm(s)) || page(p)?.nHidden.includes(norm(s))) err(`secret marker "${s}" also occurs on public page ${p}`);
}
for (const s of ce.hostile_content?.answers_must_not_contain ?? []) {
  const where = publicPaths.filter((p) => page(p)?.nVisible.includes(norm(s)));
  if (where.join() !== HOSTILE) err(`hostile string "${s}" expected only on ${HOSTILE}, found on [${where}]`);
}
if (!page(HOSTILE)?.nHidden) err(`${HOSTILE}: expected a block hidden with display:none`);

// ---------------------------------------------------------------- questions
const KINDS = { in_scope: 'answerable from the site', out_of_scope: 'not answerable: decline or hand over', must_not_answer: 'must not reveal forbidden_facts' };
const KNOWN_FIELDS = new Set(['id', 'lang', 'question', 'expected_urls', 'answer_facts', 'kind', 'cross_lang', 'js_only', 'derived', 'note', 'forbidden_facts', 'source_url']);
const seenIds = new Set();
const seenQ = new Set();
const counts = {};
const isStrArray = (a) => Array.isArray(a) && a.every((x) => typeof x === 'string' && x.trim() !== '');

if (!Array.isArray(questions)) err('questions.json: top level must be an array');
for (const [i, q] of (Array.isArray(questions) ? questions : []).entries()) {
  const id = q?.id ?? `#${i}`;
  const E = (m) => err(`${id}: ${m}`);
  if (typeof q.id !== 'string' || !/^[a-z]+(-[a-z]+)?-\d{3}$/.test(q.id)) E('id missing or malformed');
  if (seenIds.has(q.id)) E('duplicate id');
  seenIds.add(q.id);
  for (const k of Object.keys(q)) if (!KNOWN_FIELDS.has(k)) E(`unknown field "${k}"`);
  if (!['de', 'en'].includes(q.lang)) E(`lang must be de or en, got ${q.lang}`);
  if (!(q.kind in KINDS)) E(`unknown kind ${q.kind}`);
  if (typeof q.question !== 'string' || q.question.trim().length < 5) E('question missing');
  else {
    if (seenQ.has(norm(q.question))) E('duplicate question text');
    seenQ.add(norm(q.question));
  }
  if (!Array.isArray(q.expected_urls) || !Array.isArray(q.answer_facts)) E('expected_urls and answer_facts must be arrays');
  for (const f of ['cross_lang', 'js_only', 'derived']) if (f in q && q[f] !== true) E(`${f} must be true or absent`);
  const key = `${q.kind}/${q.lang}`;
  counts[key] = (counts[key] ?? 0) + 1;
  if (q.js_only) counts['(js_only)'] = (counts['(js_only)'] ?? 0) + 1;
  if (q.cross_lang) counts['(cross_lang)'] = (counts['(cross_lang)'] ?? 0) + 1;

  if (q.kind === 'out_of_scope') {
    if (q.expected_urls?.length || q.answer_facts?.length) E('out_of_scope must have empty expected_urls and answer_facts');
    if (q.forbidden_facts || q.source_url || q.cross_lang || q.js_only) E('out_of_scope takes no forbidden_facts/source_url/cross_lang/js_only');
    continue;
  }
  if (q.kind === 'must_not_answer') {
    if (q.expected_urls?.length || q.answer_facts?.length) E('must_not_answer must have empty expected_urls and answer_facts');
    if (!isStrArray(q.forbidden_facts) || !q.forbidden_facts.length) E('must_not_answer needs forbidden_facts');
    if (typeof q.source_url !== 'string') { E('must_not_answer needs source_url'); continue; }
    const src = page(q.source_url);
    if (!src) { E(`source_url ${q.source_url} does not exist`); continue; }
    // forbidden_facts are alternatives (notations of the same secret): at least one is on the source page,
    // none may be stated on any other public page
    const onSource = (f) => src.nVisible.includes(norm(f)) || src.nHidden.includes(norm(f));
    if (!(q.forbidden_facts ?? []).some(onSource)) E(`none of the forbidden facts is on ${q.source_url}`);
    for (const f of q.forbidden_facts ?? []) {
      const leaks = publicPaths.filter((p) => p !== q.source_url && (page(p)?.nVisible.includes(norm(f)) || page(p)?.nHidden.includes(norm(f))));
      if (leaks.length) E(`forbidden fact "${f}" also on public page(s) ${leaks.join(', ')} - the bot could legitimately quote it`);
    }
    continue;
  }

  // in_scope
  if (!isStrArray(q.expected_urls) || !q.expected_urls.length) { E('in_scope needs non-empty expected_urls'); continue; }
  if (!isStrArray(q.answer_facts) || !q.answer_facts.length) { E('in_scope needs non-empty answer_facts'); continue; }
  if (q.source_url) E('source_url is only for must_not_answer');
  if (new Set(q.expected_urls).size !== q.expected_urls.length) E('duplicate expected_urls');
  if (new Set(q.answer_facts.map(norm)).size !== q.answer_facts.length) E('duplicate answer_facts');
  for (const u of q.expected_urls) {
    if (!expectedPaths.includes(u)) E(`expected url ${u} is not an indexed canonical path (spider_crawl.expected_paths)`);
    else if (!page(u)) E(`expected url ${u}: no file`);
  }
  const urls = q.expected_urls.filter((u) => page(u));
  for (const f of q.answer_facts) {
    const nf = norm(f);
    const visibleOn = urls.filter((u) => page(u).nVisible.includes(nf));
    if (q.js_only) {
      if (visibleOn.length) E(`js_only, but fact "${f}" is visible without JavaScript on ${visibleOn.join(', ')}`);
      if (!urls.some((u) => page(u).nScripts.includes(nf))) E(`js_only fact "${f}" not found in any <script> of the expected urls`);
      continue;
    }
    if (!visibleOn.length) {
      const hiddenOn = urls.filter((u) => page(u).nHidden.includes(nf));
      const scriptOn = urls.filter((u) => page(u).nScripts.includes(nf));
      const elsewhere = publicPaths.filter((p) => page(p)?.nVisible.includes(nf));
      E(`fact "${f}" not in the visible text of any expected url` +
        (hiddenOn.length ? `; only in display:none text on ${hiddenOn}` : '') +
        (scriptOn.length ? `; only in <script> on ${scriptOn} (mark js_only)` : '') +
        (elsewhere.length ? `; visible on ${elsewhere.slice(0, 6).join(', ')}` : ''));
    }
  }
  for (const f of q.forbidden_facts ?? []) {
    if (q.answer_facts.some((a) => norm(a).includes(norm(f)) || norm(f).includes(norm(a)))) E(`forbidden fact "${f}" overlaps an answer fact`);
    const on = urls.filter((u) => page(u).nVisible.includes(norm(f)));
    if (on.length) E(`forbidden fact "${f}" is stated on expected url(s) ${on}`);
  }
  if (!q.js_only) {
    // which expected urls state every fact verbatim?
    const full = urls.filter((u) => q.answer_facts.every((f) => page(u).nVisible.includes(norm(f))));
    const sameLang = urls.filter((u) => isEn(u) === (q.lang === 'en'));
    const fullSame = full.filter((u) => sameLang.includes(u));
    if (!full.length && !q.derived) E('no single expected url states all facts; mark derived (with a note) or fix');
    if (q.cross_lang && sameLang.length) warn(`${id}: cross_lang but lists ${q.lang} page(s) ${sameLang.join(', ')}`);
    if (!q.cross_lang && !q.derived && !fullSame.length) E(`no ${q.lang} page states all facts; mark cross_lang or fix`);
    for (const u of sameLang) {
      const missing = q.answer_facts.filter((f) => !page(u).nVisible.includes(norm(f)));
      if (missing.length === q.answer_facts.length && !q.derived) note(`${id}: accepted source ${u} states none of [${missing.join(' | ')}] verbatim`);
      else if (missing.length && !q.derived) note(`${id}: accepted source ${u} lacks [${missing.join(' | ')}] verbatim`);
    }
  }
}

// ---------------------------------------------------------------- live crawl through serve.mjs
async function live() {
  const child = spawn(process.execPath, [path.join(HERE, 'serve.mjs'), '--port', String(opt.port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const base = await new Promise((resolve, reject) => {
    let buf = '';
    const t = setTimeout(() => reject(new Error('serve.mjs did not start within 10 s ' + stderr)), 10000);
    child.stdout.on('data', (d) => {
      buf += d;
      const m = buf.match(/(http:\/\/[^\s/]+)\//);
      if (m) { clearTimeout(t); resolve(m[1]); }
    });
    child.on('exit', (code) => { clearTimeout(t); reject(new Error(`serve.mjs exited with ${code}: ${stderr}`)); });
  });
  try {
    await crawl(base);
  } finally {
    child.removeAllListeners('exit');
    child.kill();
  }
}

async function get(base, p, method = 'GET') {
  const r = await fetch(base + p, { method, redirect: 'manual' });
  const body = method === 'HEAD' ? '' : await r.text();
  return { status: r.status, type: r.headers.get('content-type') ?? '', location: r.headers.get('location'), body };
}

async function crawl(base) {
  const L = (m) => err(`live: ${m}`);
  const origin = new URL(base).origin;
  // robots.txt: only the "User-agent: *" group
  const robots = await get(base, '/robots.txt');
  if (robots.status !== 200 || !robots.type.startsWith('text/plain')) L(`/robots.txt answered ${robots.status} ${robots.type}`);
  const groups = [];
  let cur = null;
  let lastWasAgent = false;
  for (const raw of robots.body.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    const m = line.match(/^([a-z-]+)\s*:\s*(.*)$/i);
    if (!m) continue;
    const [k, v] = [m[1].toLowerCase(), m[2].trim()];
    if (k === 'user-agent') {
      if (!lastWasAgent) groups.push((cur = { agents: [], disallow: [] }));
      cur.agents.push(v);
      lastWasAgent = true;
    } else {
      lastWasAgent = false;
      if (k === 'disallow' && cur && v) cur.disallow.push(v);
      if (k === 'sitemap' && !v.startsWith(origin + '/')) L(`robots.txt Sitemap not rewritten: ${v}`);
    }
  }
  const star = groups.find((g) => g.agents.includes('*'));
  const disallow = star?.disallow ?? [];
  if (JSON.stringify(disallow) !== JSON.stringify(ROBOTS_DISALLOW)) L(`robots.txt "*" group disallows ${JSON.stringify(disallow)}`);
  if (!groups.some((g) => SEO_BOTS.every((b) => g.agents.includes(b)) && g.disallow.includes('/'))) L(`robots.txt: ${SEO_BOTS.join('/')} group missing`);
  const blocked = (p) => disallow.some((d) => p.startsWith(d));

  // breadth-first link crawl from /
  const toKey = (u) => {
    const x = new URL(u);
    return x.pathname + x.search;
  };
  const queue = ['/'];
  const seen = new Set(queue);
  const indexed = new Map(); // canonical path -> first url
  const aliases = new Map(); // url -> canonical path
  const redirectsSeen = new Map();
  const skipped = { robots: new Set(), external: new Set(), nonHtml: new Set(), notFound: new Set(), scheme: new Set() };
  while (queue.length) {
    const p = queue.shift();
    if (blocked(p)) { skipped.robots.add(p); continue; }
    const r = await get(base, p);
    if (r.status === 301 || r.status === 302 || r.status === 308) {
      const target = toKey(new URL(r.location, origin + p));
      redirectsSeen.set(p, { status: r.status, to: target });
      if (!seen.has(target)) { seen.add(target); queue.push(target); }
      continue;
    }
    if (r.status !== 200) { skipped.notFound.add(`${p} (${r.status})`); continue; }
    if (!r.type.startsWith('text/html')) { skipped.nonHtml.add(`${p} (${r.type})`); continue; }
    if (r.body.includes(PROD_ORIGIN)) L(`${p}: production origin not rewritten`);
    const canonHref = canonicalOf(r.body);
    const canon = canonHref ? new URL(canonHref, origin + p) : null;
    if (canon && canon.origin !== origin) L(`${p}: canonical points off-site (${canonHref})`);
    const key = canon && canon.origin === origin ? canon.pathname + canon.search : p.split('?')[0];
    if (indexed.has(key)) aliases.set(p, key);
    else {
      indexed.set(key, p);
      if (p !== key) aliases.set(p, key);
    }
    for (const href of anchorsOf(r.body)) {
      if (/^(javascript|mailto|tel):/i.test(href)) { skipped.scheme.add(href.split(':')[0]); continue; }
      if (href.startsWith('#')) continue;
      const u = new URL(href, origin + p);
      u.hash = '';
      if (u.origin !== origin) { skipped.external.add(u.href); continue; }
      const k = toKey(u.href);
      if (!seen.has(k)) { seen.add(k); queue.push(k); }
    }
  }
  const got = [...indexed.keys()].sort();
  const want = [...expectedPaths].sort();
  const missing = want.filter((p) => !indexed.has(p));
  const extra = got.filter((p) => !want.includes(p));
  if (missing.length) L(`spider crawl missed ${missing.join(', ')}`);
  if (extra.length) L(`spider crawl indexed unexpected ${extra.join(', ')}`);
  // every alias resolves to its canonical document: 301 to it, or 200 with rel=canonical pointing at it
  for (const [canon, list] of Object.entries(ce.spider_crawl?.aliases ?? {})) {
    for (const a of list) {
      const url = a.split(' ')[0];
      const x = await get(base, url);
      const to = x.status === 301 ? toKey(new URL(x.location, origin + url)) : x.status === 200 ? canonicalOf(x.body)?.replace(origin, '') : null;
      if (to !== canon) L(`alias ${url}: resolves to ${to} (${x.status}), expected ${canon}`);
    }
  }
  for (const [url, canon] of aliases) {
    const listed = (ce.spider_crawl?.aliases?.[canon] ?? []).some((a) => a.split(' ')[0] === url);
    if (!listed) L(`crawl met alias ${url} -> ${canon}, not listed in spider_crawl.aliases`);
  }
  for (const [from, r] of redirectsSeen) {
    const listed = (ce.spider_crawl?.aliases?.[r.to] ?? []).some((a) => a.split(' ')[0] === from);
    if (!listed) L(`crawl met redirect ${from} -> ${r.to}, not listed in spider_crawl.aliases`);
  }
  for (const r of ce.redirects ?? []) {
    const x = await get(base, r.from);
    if (x.status !== r.status || toKey(new URL(x.location ?? '', origin)) !== r.to) L(`redirect ${r.from}: got ${x.status} -> ${x.location}`);
    if (!redirectsSeen.has(r.from)) L(`redirect ${r.from} is not linked (crawler never meets it)`);
    for (const src of r.linked_from ?? []) {
      const body = (await get(base, src)).body;
      if (!anchorsOf(body).some((h) => h === r.from)) L(`redirect ${r.from} not linked from ${src}`);
    }
  }
  for (const r of routes.redirects ?? []) if (!(ce.redirects ?? []).some((x) => x.from === r.from && x.to === r.to)) L(`routes.json redirect ${r.from} missing in crawl-expectations`);
  for (const p of expectedPaths) {
    const x = await get(base, p, 'HEAD');
    if (x.status !== 200 || !x.type.startsWith('text/html')) L(`HEAD ${p}: ${x.status} ${x.type}`);
  }
  // must_never_index entries answer as documented
  const expectStatus = EXPECT_STATUS;
  for (const [p, [status, type]] of Object.entries(expectStatus)) {
    const x = await get(base, p);
    if (x.status !== status || (type && !x.type.startsWith(type))) L(`${p}: expected ${status} ${type ?? ''}, got ${x.status} ${x.type}`);
  }
  for (const p of POST_FORMS) {
    const x = await get(base, p, 'POST');
    if (x.status !== 405) L(`POST ${p}: expected 405, got ${x.status}`);
  }
  // The secrets' page, and every other disallowed path (the folder holding that page is covered by the page itself).
  for (const p of [INTERN, ...ROBOTS_DISALLOW.filter((d) => !INTERN.startsWith(d))]) if (!blocked(p)) L(`${p} should be disallowed by robots.txt`);
  if (!skipped.robots.has(INTERN)) L(`${INTERN} is not linked (a crawler ignoring robots.txt would not be caught)`);
  const intern = await get(base, INTERN);
  if (/<meta[^>]+noindex/i.test(intern.body)) L(`${INTERN} has a noindex meta tag (robots.txt should be the only protection)`);
  for (const p of ['/questions.json', '/../questions.json', '/%2e%2e/questions.json', '/serve.mjs', '/crawl-expectations.json']) {
    const x = await get(base, p);
    if (x.status !== 404) L(`${p} should be 404, got ${x.status}`);
  }
  // sitemap-only crawl
  const sm = await get(base, '/sitemap.xml');
  if (sm.status !== 200 || !sm.type.includes('xml')) L(`/sitemap.xml answered ${sm.status} ${sm.type}`);
  const locs = [...sm.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  for (const loc of locs) {
    if (!loc.startsWith(origin + '/')) { L(`sitemap loc not rewritten: ${loc}`); continue; }
    const p = toKey(loc);
    const x = await get(base, p);
    const c = canonicalOf(x.body);
    if (x.status !== 200 || !x.type.startsWith('text/html') || c !== origin + p) L(`sitemap ${p}: ${x.status} ${x.type} canonical ${c}`);
  }
  if (locs.length !== sitemapPaths.length) L(`sitemap has ${locs.length} locs, expected ${sitemapPaths.length}`);
  // absolute links with the production origin (rewritten) on the pages listed
  for (const [p, list] of Object.entries(ce.absolute_links_to_rewrite ?? {})) {
    if (p === 'note') continue;
    const hrefs = anchorsOf((await get(base, p)).body);
    for (const l of list) if (!hrefs.includes(l.replace(PROD_ORIGIN, origin))) L(`${p}: absolute link ${l} not found (rewritten)`);
  }
  for (const [p, list] of Object.entries(ce.relative_links_to_resolve ?? {})) {
    const hrefs = anchorsOf((await get(base, p)).body);
    for (const l of list) if (!hrefs.includes(l)) L(`${p}: relative link ${l} not found`);
  }
  const ext = [...skipped.external];
  for (const e of (ce.must_never_index ?? []).map((x) => x.path).filter((x) => x.startsWith('https://'))) if (!ext.some((u) => u.startsWith(e))) L(`external link ${e} not seen`);
  console.log(`live crawl via ${origin}: ${indexed.size} documents indexed (expected ${expectedPaths.length}), ${aliases.size} aliases, ` +
    `${redirectsSeen.size} redirects, ${skipped.robots.size} robots-blocked, ${skipped.notFound.size} not found, ` +
    `${skipped.nonHtml.size} non-HTML, ${ext.length} external; sitemap ${locs.length} URLs`);
}

if (opt.serve) {
  try {
    await live();
  } catch (e) {
    err(`live: ${e.message}`);
  }
} else {
  console.log('live crawl skipped (--no-serve)');
}

// ---------------------------------------------------------------- report
const kinds = Object.keys(KINDS);
console.log(`questions: ${questions.length}`);
for (const k of kinds) console.log(`  ${k.padEnd(16)} de ${String(counts[`${k}/de`] ?? 0).padStart(3)}   en ${String(counts[`${k}/en`] ?? 0).padStart(3)}`);
console.log(`  flagged          cross_lang ${counts['(cross_lang)'] ?? 0}, js_only ${counts['(js_only)'] ?? 0}`);
console.log(`pages: ${expectedPaths.length} indexable (${sitemapPaths.length} in sitemap), ${htmlFiles.length} HTML files under site/`);
if (opt.verbose) for (const n of notes) console.log(`note: ${n}`);
else if (notes.length) console.log(`${notes.length} notes (accepted sources in the question language that do not state every fact verbatim); --verbose lists them`);
for (const w of warnings) console.log(`warning: ${w}`);
for (const e of errors) console.log(`ERROR: ${e}`);
console.log(errors.length ? `FAILED: ${errors.length} error(s)` : 'OK: no errors');
process.exit(errors.length ? 1 : 0);
