// The widget's weight and speed: gzipped sizes of the loader and the chat interface, and the time from
// navigation start to the toggle button on a customer's page (another origin), in Chromium.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { loadConfig } from '../server/src/config.ts';
import { startServer } from '../server/src/server.ts';
import { freePort, percentile, round1 } from './_load.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

execFileSync(process.execPath, ['--import', 'tsx', 'widget/build.ts'], { cwd: ROOT, stdio: 'inherit' });
const gz = (f: string) => zlib.gzipSync(fs.readFileSync(path.join(ROOT, 'dist', f)), { level: 9 }).length;
const loaderGz = gz('widget.js');
const chatGz = gz('widget-chat.js');

const port = await freePort();
const server = await startServer(loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: ':memory:', LOG_LEVEL: 'silent', RUN_WORKERS: 'false' }));
const { db } = server;
const org = (await db.query<{ id: string }>(`insert into organizations(name) values ('bench-widget') returning id`)).rows[0].id;
await db.query(`insert into subscriptions(organization_id, plan_id, status) values ($1, 'business', 'active')`, [org]);
const bot = (await db.query<{ id: string }>(`insert into chatbots(organization_id, url, lang, initial_setup) values ($1, 'https://bench.test', 'de', 'completed') returning id`, [org])).rows[0].id;
await db.query(`insert into chatbot_languages(chatbot_id, lang, is_default) values ($1, 'de', true)`, [bot]);

const site = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="de"><head><script src="http://127.0.0.1:${port}/widget.js" data-chatbot-id="${bot}" defer></script></head><body><h1>Shop</h1></body></html>`);
});
await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const times: number[] = [];
const openTimes: number[] = [];
for (let i = 0; i < RUNS; i++) {
  // A fresh context each run: nothing cached, like a first visit.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(siteUrl);
  // performance.now() counts from the navigation's start.
  // A string, not a function: tsx would add helpers the page does not have.
  times.push(
    await page.evaluate(`new Promise((resolve) => {
      const tick = () => document.querySelector('chatbot-widget')?.shadowRoot?.querySelector('button.toggle')
        ? resolve(performance.now()) : requestAnimationFrame(tick);
      tick();
    })`),
  );
  const t = Date.now();
  await page.locator('chatbot-widget button.toggle').click();
  await page.locator('chatbot-widget [role=dialog]').waitFor({ state: 'visible' });
  openTimes.push(Date.now() - t);
  await context.close();
}
await browser.close();
await new Promise((r) => site.close(r));
await server.close();

console.log(`widget.js ${round1(loaderGz / 1024)} KB gzipped (budget 10 KB); widget-chat.js ${round1(chatGz / 1024)} KB gzipped (budget 40 KB)`);
console.log(`toggle visible after navigation start: p50 ${round1(percentile(times, 50))} ms, p95 ${round1(percentile(times, 95))} ms over ${RUNS} cold visits`);
console.log(`chat open after click (loads widget-chat.js): p50 ${round1(percentile(openTimes, 50))} ms`);
console.log(JSON.stringify({
  bench: 'widget-size', loader_gzip_bytes: loaderGz, chat_gzip_bytes: chatGz,
  toggle_p50_ms: round1(percentile(times, 50)), toggle_p95_ms: round1(percentile(times, 95)), open_p50_ms: round1(percentile(openTimes, 50)),
}));
