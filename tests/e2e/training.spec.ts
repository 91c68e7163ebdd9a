/**
 * Training as a customer does it: a crawl of their (local) website with pages appearing and the
 * "being trained" state ending by itself, favorites, training a selection, a schedule; documents with
 * the upload queue; question-answer pairs with an xlsx import/export; contacts with field validation.
 * Every screen is screenshotted at desktop and phone width in German, and the website screen in English.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { cliToken, createChatbotViaApi } from './support/api.ts';
import { signUp } from './support/auth.ts';
import { switchLocale } from './support/app.ts';
import { shot } from './support/shot.ts';
import { makePdf } from '../server/trainingFiles.ts';
import { startShopSite } from './training-support.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let context: BrowserContext;
let page: Page;
let site: Awaited<ReturnType<typeof startShopSite>>;
let auth: { authorization: string };
let chatbotId: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-e2e-training-'));

const notification = () => page.getByTestId('notification');
const pageItem = (p: string) => page.locator(`[data-testid="page-item"][data-path="${p}"]`);
/** The rows of a training list's table (desktop), and the one whose cell reads exactly `text`. */
const tableRows = (list: string) => page.getByTestId(list).locator('tbody tr');
const row = (list: string, text: string) => tableRows(list).filter({ has: page.getByText(text, { exact: true }) });

async function open(p: string) {
  await page.goto(p);
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
}

function xlsxFile(name: string, rows: string[][]) {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Paare');
  const file = path.join(tmp, name);
  fs.writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }));
  return file;
}

test.beforeAll(async ({ browser, request }) => {
  site = await startShopSite();
  context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  page = await context.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  const { email } = await signUp(page);
  const token = await cliToken(email);
  auth = { authorization: `Bearer ${token}` };
  ({
    chatbot: { id: chatbotId },
  } = await createChatbotViaApi(request, token, { url: 'www.radhaus-beispiel.test', lang: 'de' }));
});

test.afterAll(async () => {
  await context?.close();
  await site?.close();
});

test('website: add the domain, pages appear while the crawl runs, the being-trained state ends', async () => {
  await open('/training/website');
  await expect(page).toHaveTitle('Chatbot Studio · Training');
  await expect(page.getByRole('heading', { name: 'Training', level: 1 })).toBeVisible();
  await page.getByTestId('website-add').click();
  // An address with a # is refused at the field.
  await page.getByTestId('website-domain').fill(`${site.url}#start`);
  await page.getByTestId('website-add-submit').click();
  await expect(page.getByText('Die Adresse darf kein #-Zeichen enthalten')).toBeVisible();
  await page.getByTestId('website-domain').fill(site.url);
  await page.getByTestId('website-add-submit').click();

  await expect(page.getByTestId('website-domain-title')).toHaveText(site.url);
  // The crawl is visible as a scrape job while it runs, and pages show up without reloading.
  await expect(page.getByTestId('website-being-trained')).toBeVisible();
  await expect(page.getByTestId('scrape-job').first()).toHaveAttribute('data-status', /initialized|running/);
  await expect(page.getByTestId('page-item').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('scrape-job').first()).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(page.getByTestId('website-being-trained')).toHaveCount(0);
  await expect(page.getByTestId('page-item')).toHaveCount(6);
  await expect(page.getByTestId('website-page-count')).toHaveText('6 Seiten');
  await expect(pageItem('/versand.html').getByTestId('page-last-trained')).toContainText('Zuletzt trainiert');
  await shot(page, 'training-website-de');
});

test('website: favorites, sorting, views, and training a selection shows being trained until it ends', async () => {
  await pageItem('/versand.html').getByTestId('page-favorite').click();
  await expect(pageItem('/versand.html').getByTestId('page-favorite')).toHaveAttribute('aria-pressed', 'true');
  // Sort by favorite, favorites first.
  await page.getByTestId('page-sort').click();
  await page.getByRole('option', { name: 'Favorit' }).click();
  await page.getByTestId('page-sort-order').click();
  await expect(page.getByTestId('page-item').first()).toHaveAttribute('data-path', '/versand.html');

  // Edit mode: select two pages and train them.
  await page.getByTestId('pages-edit-mode').click();
  // The table's own tick boxes (react-admin's DataTable), shown in edit mode.
  await pageItem('/kontakt.html').getByRole('checkbox').click();
  await pageItem('/produkte/e-bike.html').getByRole('checkbox').click();
  await expect(page.getByTestId('pages-train-selection')).toHaveText(/Auswahl trainieren \(2\)/);
  site.setDelay(3000);
  await page.getByTestId('pages-train-selection').click();
  await expect(notification()).toContainText('Training von 2 Seiten gestartet');
  await expect(pageItem('/kontakt.html').getByTestId('page-being-trained')).toBeVisible();
  await expect(pageItem('/versand.html').getByTestId('page-being-trained')).toHaveCount(0);
  await expect(pageItem('/kontakt.html').getByTestId('page-being-trained')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('scrape-job').first()).toHaveAttribute('data-type', 'selective');
  await expect(page.getByTestId('scrape-job').first()).toHaveAttribute('data-status', 'completed');
  site.setDelay(300);

  // Select all, then train the favorites.
  await page.getByTestId('pages-select-all').click();
  await expect(page.getByTestId('pages-train-selection')).toHaveText(/\(6\)/);
  await page.getByTestId('pages-select-all').click();
  await page.getByTestId('website-train-favorites').click();
  await expect(notification()).toContainText('Training der Favoriten gestartet');
  await expect(page.getByTestId('scrape-job').first()).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });

  // A page added to the site shows up after "collect new subpages".
  site.addPage('/werkstatt.html', 'Werkstatt', 'Reparaturen innerhalb von zwei Tagen.');
  await page.getByTestId('website-collect').click();
  await expect(pageItem('/werkstatt.html')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('scrape-job').first()).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });

  // Lists people expect: a sortable column, filters in the address (a reload keeps them), the export in the
  // interface language, and deleting a selection.
  await page.getByRole('columnheader', { name: 'Zeichen' }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=characters/);
  const byChars = await (await page.request.get(`/api/v1/webpages?${new URLSearchParams({ filter: JSON.stringify({ chatbotId, lang: 'de' }), sort: '["characters","DESC"]' })}`, { headers: auth })).json();
  await expect(page.getByTestId('page-item').first()).toHaveAttribute('data-path', byChars[0].path);
  await page.getByTestId('pages-search').fill('werkstatt');
  await expect(page.getByTestId('page-item')).toHaveCount(1);
  await expect(page).toHaveURL(/filter=.*werkstatt/);
  await page.reload();
  await expect(page.getByTestId('page-item')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('pages-search')).toHaveValue('werkstatt');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('pages-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Webseiten_\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/).map((l) => l.split(';'));
  expect(exported[0]).toEqual(['URL', 'Seite', 'Titel', 'Favorit', 'Zuletzt trainiert', 'Zeichen']);
  expect(exported.slice(1).map((r) => r[1])).toEqual(['/werkstatt.html']);
  await page.getByTestId('pages-edit-mode').click();
  await pageItem('/werkstatt.html').getByRole('checkbox').click();
  await page.getByTestId('pages-delete-selection').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Bestätigen' }).click();
  await expect(notification()).toContainText('1 Seite gelöscht');
  await expect(page.getByTestId('pages-empty')).toContainText('Keine Seite passt zu diesen Filtern');
  const left = await (await page.request.get(`/api/v1/webpages?${new URLSearchParams({ filter: JSON.stringify({ chatbotId, q: 'werkstatt' }) })}`, { headers: auth })).json();
  expect(left).toEqual([]);
  await page.getByTestId('pages-edit-mode').click();
  await page.getByTestId('pages-search').fill('');
  await expect(page.getByTestId('page-item')).toHaveCount(6);

  await page.getByTestId('pages-view-grid').click();
  await expect(page.getByTestId('page-grid')).toBeVisible();
  await shot(page, 'training-website-grid-de');
  await page.getByTestId('pages-view-tree').click();
  await expect(page.locator('[data-testid="tree-node"][data-url$="/produkte/"]')).toBeVisible();
  await expect(page.locator('[data-testid="tree-node"][data-url$="/produkte/lastenrad.html"]')).toBeVisible();
  await shot(page, 'training-website-tree-de');
  await page.getByTestId('pages-view-list').click();
});

test('website: scheduled training with presets, a validated cron expression and its next runs', async ({ request }) => {
  await page.getByTestId('website-schedule').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('schedule-mode')).toHaveText('Jedes Jahr (1. Januar, 00:00)');
  const nextYear = new Date().getUTCFullYear() + 1;
  await expect(dialog.getByTestId('schedule-next-runs')).toContainText(`01.01.${nextYear}, 00:00 UTC`);
  await dialog.getByTestId('schedule-mode').click();
  await page.getByTestId('schedule-mode-advanced').click();
  await dialog.getByTestId('schedule-cron').fill('0 0 1');
  await expect(dialog.getByText('Ein Cron-Ausdruck hat fünf Felder')).toBeVisible();
  await dialog.getByTestId('schedule-cron').fill('61 0 * * *');
  await expect(dialog.getByText('Ungültiger Zeitplan (Cron-Ausdruck)')).toBeVisible();
  await expect(dialog.getByTestId('schedule-save')).toBeDisabled();
  await dialog.getByTestId('schedule-cron').fill('30 2 * * 1-5');
  await expect(dialog.getByTestId('schedule-next-runs').locator('li')).toHaveCount(5);
  await expect(dialog.getByTestId('schedule-next-runs')).toContainText('02:30 UTC');
  await shot(page, 'training-schedule-de');
  // The screenshot helper may reload the page (sidebar state); open the dialog again if it closed.
  if (!(await dialog.isVisible())) await page.getByTestId('website-schedule').click();
  await dialog.getByTestId('schedule-mode').click();
  await page.getByTestId('schedule-mode-weekly').click();
  await expect(dialog.getByTestId('schedule-subsites').locator('input')).toBeChecked();
  await dialog.getByTestId('schedule-save').click();
  await expect(notification()).toContainText('Geplantes Training gespeichert');
  await expect(page.getByTestId('schedule-item')).toHaveCount(1);
  await expect(page.getByTestId('schedule-interval')).toHaveText('Jede Woche (Montag, 00:00)');
  const saved = await (await request.get(`/api/v1/schedules?filter=${encodeURIComponent(JSON.stringify({ chatbotId }))}`, { headers: auth })).json();
  expect(saved).toMatchObject([{ cron: '0 0 * * 1', includeSubsites: true, status: 'active', url: site.url }]);
});

test('documents: upload txt and pdf, a wrongly typed file and a renamed binary end as incorrectType, a URL loads', async () => {
  await open('/training/documents');
  const txt = path.join(tmp, 'oeffnungszeiten.txt');
  fs.writeFileSync(txt, 'Öffnungszeiten: Montag bis Freitag 9 bis 18 Uhr, Samstag 10 bis 14 Uhr.\n');
  const pdf = path.join(tmp, 'garantie.pdf');
  fs.writeFileSync(pdf, makePdf([['Garantie: zwei Jahre auf alle Rahmen.', 'Akkus: ein Jahr.']]));
  const png = path.join(tmp, 'logo.png');
  fs.writeFileSync(png, Buffer.from('89504e470d0a1a0a', 'hex'));
  const fake = path.join(tmp, 'vertrag.pdf');
  fs.writeFileSync(fake, Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x10, 0x80, 0x00]));

  await page.getByLabel('Dateien zum Hochladen auswählen (PDF, DOCX oder TXT)').setInputFiles([txt, pdf, png, fake]);
  const item = (name: string) => page.locator('[data-testid="upload-item"]', { hasText: name });
  await expect(item('logo.png')).toHaveAttribute('data-status', 'incorrectType');
  await expect(item('logo.png')).toContainText('Format nicht erlaubt');
  await expect(item('oeffnungszeiten.txt')).toHaveAttribute('data-status', 'success');
  await expect(item('garantie.pdf')).toHaveAttribute('data-status', 'success');
  await expect(item('vertrag.pdf')).toHaveAttribute('data-status', 'incorrectType');

  await page.getByTestId('document-url').fill(`${site.url}preisliste.txt`);
  await page.getByTestId('document-url-submit').click();
  await expect(item('preisliste.txt')).toHaveAttribute('data-status', 'success');
  await page.getByTestId('document-url').fill(`${site.url}fehlt.pdf`);
  await page.getByTestId('document-url-submit').click();
  await expect(page.locator('[data-testid="upload-item"][data-status="error"]')).toContainText('konnte nicht von der URL geladen werden');

  await expect(page.getByTestId('document-item')).toHaveCount(3);
  const txtRow = row('document-list', 'oeffnungszeiten.txt');
  await expect(txtRow.getByTestId('document-size')).toHaveText(/^0,\d{1,2} KB$/);
  await expect(txtRow.getByTestId('document-characters')).toHaveText(/^\d+ Zeichen$/);
  // Sort by name (a column header), ascending then descending; the sort is in the URL and survives a reload.
  await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
  await expect(page.getByTestId('document-item').first()).toHaveAttribute('data-name', 'garantie.pdf');
  await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
  await expect(page.getByTestId('document-item').first()).toHaveAttribute('data-name', 'preisliste.txt');
  const params = new URL(page.url()).searchParams;
  expect([params.get('sort'), params.get('order')]).toEqual(['name', 'DESC']);
  await page.reload();
  await expect(page.getByTestId('document-item')).toHaveCount(3);
  await expect(page.getByTestId('document-item').first()).toHaveAttribute('data-name', 'preisliste.txt');
  await shot(page, 'training-documents-de');

  // Export: the listed documents as CSV with German headers.
  const download = page.waitForEvent('download');
  await page.getByTestId('document-export').click();
  const csv = fs.readFileSync(await (await download).path(), 'utf8').replace(/^\uFEFF/, '').split('\r\n');
  expect(csv[0]).toBe('Name;Typ;Größe;Zeichen;Hinzugefügt;Quelle');
  expect(csv.slice(1).map((l) => l.split(';')[0])).toEqual(['preisliste.txt', 'oeffnungszeiten.txt', 'garantie.pdf']);
  expect(csv[1]).toContain(`${site.url}preisliste.txt`);

  // Bulk delete is undoable: undone, nothing is deleted; confirmed by the notification closing, two are gone.
  const documentsOnServer = async () =>
    (await (await page.request.get(`/api/v1/documents?filter=${encodeURIComponent(JSON.stringify({ chatbotId }))}`, { headers: auth })).json()).map((d: { name: string }) => d.name).sort();
  const select = (name: string) => row('document-list', name).getByRole('checkbox').check();
  await select('garantie.pdf');
  await page.getByTestId('document-bulk-delete').click();
  await expect(page.getByTestId('document-item')).toHaveCount(2);
  await notification().getByRole('button', { name: 'Zurücksetzen' }).click();
  await expect(page.getByTestId('document-item')).toHaveCount(3);
  await expect(notification()).toHaveCount(0);
  expect(await documentsOnServer()).toEqual(['garantie.pdf', 'oeffnungszeiten.txt', 'preisliste.txt']);
  let deletes = 0;
  const bothDeleted = new Promise<void>((resolve) => {
    const onResponse = (r: import('@playwright/test').Response) => {
      if (r.request().method() === 'DELETE' && r.url().includes('/api/v1/documents/') && ++deletes === 2) {
        page.off('response', onResponse);
        resolve();
      }
    };
    page.on('response', onResponse);
  });
  await select('garantie.pdf');
  await select('preisliste.txt');
  await page.getByTestId('document-bulk-delete').click();
  await expect(page.getByTestId('document-item')).toHaveCount(1);
  // The deletes are sent when the notification closes, not before.
  expect(deletes).toBe(0);
  await bothDeleted;
  expect(await documentsOnServer()).toEqual(['oeffnungszeiten.txt']);
});

test('question-answer: add, edit, deactivate, import an xlsx with duplicates, refuse a 3-column sheet, export', async () => {
  await open('/training/question-answer');
  const dialog = page.getByRole('dialog');
  await page.getByTestId('qna-add').click();
  await page.getByTestId('qna-save').click();
  await expect(dialog.getByText('Pflichtfeld')).toHaveCount(2);
  await dialog.getByRole('textbox', { name: 'Frage', exact: true }).fill('Wie lange dauert eine Inspektion?');
  await dialog.getByRole('textbox', { name: 'Antwort', exact: true }).fill('Etwa eine Stunde.');
  await page.getByTestId('qna-save').click();
  await expect(notification()).toContainText('Frage-Antwort-Paar hinzugefügt');
  const first = tableRows('qna-list').first();
  await expect(first.getByTestId('qna-question')).toHaveText('Wie lange dauert eine Inspektion?');

  await first.getByTestId('qna-edit').click();
  await dialog.getByRole('textbox', { name: 'Antwort', exact: true }).fill('Etwa eine Stunde, Termine unter https://radhaus.test/termin.');
  await page.getByTestId('qna-save').click();
  await expect(first.getByTestId('qna-answer')).toContainText('https://radhaus.test/termin');
  await expect(first.getByRole('img', { name: 'Mit Link' })).toBeVisible();

  // The delete button has a name, and its dialog names the pair, not the resource's internal name.
  await first.getByRole('button', { name: 'Löschen', exact: true }).click();
  await expect(dialog).toContainText('Möchten Sie das Paar „Wie lange dauert eine Inspektion?“ wirklich löschen?');
  await expect(dialog).not.toContainText('(qna)');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);

  await first.getByTestId('qna-active').click();
  await expect(first.getByRole('switch')).not.toBeChecked();
  await expect(notification()).toContainText('Paar deaktiviert');

  // Import: one duplicate within the file, one that already exists.
  const file = xlsxFile('paare.xlsx', [
    ['Frage', 'Antwort'],
    ['Liefern Sie nach Österreich?', 'Ja, für 29 Euro.'],
    ['Kann ich ein Rad probefahren?', 'Ja, jederzeit im Laden.'],
    ['Liefern Sie nach Österreich?', 'Ja.'],
    ['Wie lange dauert eine Inspektion?', 'Eine Stunde.'],
  ]);
  await page.getByTestId('qna-import').click();
  await page.getByTestId('qna-import-file').setInputFiles(file);
  await expect(page.getByTestId('qna-import-summary')).toContainText('Paare in der Datei: 4; Duplikate in der Datei: 1; bereits vorhanden: 1.');
  await expect(page.locator('[data-testid="qna-import-row"][data-duplicate="file"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="qna-import-row"][data-duplicate="existing"]')).toHaveCount(1);
  await shot(page, 'training-qna-import-de');
  if (!(await page.getByTestId('qna-import-check').isVisible())) {
    await page.getByTestId('qna-import').click();
    await page.getByTestId('qna-import-file').setInputFiles(file);
    await expect(page.getByTestId('qna-import-summary')).toBeVisible();
  }
  await page.getByTestId('qna-import-skip').click();
  await expect(notification()).toContainText('2 Paare importiert, 2 übersprungen');
  await expect(tableRows('qna-list')).toHaveCount(3);

  // A sheet whose rows do not have 2 columns is refused with the spec's warning.
  await page.getByTestId('qna-import').click();
  await page.getByTestId('qna-import-file').setInputFiles(xlsxFile('drei.xlsx', [['Frage', 'Antwort', 'Kategorie'], ['a', 'b', 'c']]));
  await expect(page.getByTestId('qna-import-error')).toHaveText('Jede Zeile muss genau 2 Spalten haben: Frage und Antwort');
  await page.keyboard.press('Escape');

  // Filters: inactive only.
  await page.getByTestId('qna-filter-active').click();
  await page.getByRole('option', { name: 'Inaktiv' }).click();
  await expect(tableRows('qna-list')).toHaveCount(1);
  await page.getByTestId('qna-filter-active').click();
  await page.getByRole('option', { name: 'Alle' }).click();
  await page.getByTestId('qna-search').fill('Österreich');
  await expect(tableRows('qna-list')).toHaveCount(1);
  await page.getByTestId('qna-search').fill('');
  await expect(tableRows('qna-list')).toHaveCount(3);

  const download = page.waitForEvent('download');
  await page.getByTestId('qna-export').click();
  const dl = await download;
  expect(dl.suggestedFilename()).toBe('qna.xlsx');
  const wb = XLSX.read(fs.readFileSync(await dl.path()), { type: 'buffer' });
  expect(wb.SheetNames).toHaveLength(1);
  const rows = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
  expect(rows.every((r) => r.length === 2)).toBe(true);
  expect(rows.flat()).toContain('Kann ich ein Rad probefahren?');
  await shot(page, 'training-qna-de');
});

test('test questions: import an xlsx, the score after the run, on the screen and the dashboard, in German and English', async ({ request }) => {
  // The content the tests ask about: two question-answer pairs (a new chatbot's first training suggests their questions).
  for (const [question, answer] of [['Haben Sie Leihräder im Angebot?', 'Ja, Leihräder gibt es ab 15 Euro am Tag.'], ['Reparieren Sie auch E-Bikes in Ihrer Werkstatt?', 'Ja, E-Bikes reparieren wir jederzeit.']])
    expect((await request.post('/api/v1/qna', { headers: auth, data: { chatbotId, lang: 'de', question, answer } })).status()).toBe(201);
  await open('/test-questions');
  await expect(page.getByRole('heading', { name: 'Testfragen', level: 1 })).toBeVisible();
  const file = xlsxFile('testfragen.xlsx', [
    ['Frage', 'Erwartete Seite', 'Fakten'],
    ['Haben Sie Leihräder?', '', '15 Euro'],
    ['Reparieren Sie E-Bikes?', '', 'jederzeit'],
    ['Haben Sie Leihräder', '', ''],
  ]);
  await page.getByTestId('test-import').click();
  await page.getByTestId('test-import-file').setInputFiles(file);
  await expect(page.getByTestId('test-import-summary')).toContainText('Zeilen: 3, Duplikate in der Datei: 1');
  await page.getByTestId('test-import-skip').click();
  await expect(notification()).toContainText('2 importiert, 1 übersprungen');
  // The import queues a run; the score card shows it once the run has ended, counting every test question.
  const listed = await request.get(`/api/v1/test-questions?filter=${encodeURIComponent(JSON.stringify({ chatbotId }))}`, { headers: auth });
  const total = Number(listed.headers()['content-range'].split('/')[1]);
  await expect(page.getByTestId('test-score-detail')).toContainText(`von ${total} Tests bestanden`, { timeout: 30_000 });
  const row = (q: string) => page.locator('tr').filter({ has: page.getByRole('cell', { name: q, exact: true }) }).getByTestId('test-status');
  await expect(row('Haben Sie Leihräder?')).toHaveAttribute('data-status', 'passed');
  await expect(row('Reparieren Sie E-Bikes?')).toHaveAttribute('data-status', 'passed');
  await shot(page, 'test-questions-de');
  await switchLocale(page, 'en');
  await expect(page.getByRole('heading', { name: 'Test questions', level: 1 })).toBeVisible();
  await expect(page.getByTestId('test-score-detail')).toContainText(`of ${total} tests passed`);
  await shot(page, 'test-questions-en');
  await open('/dashboard');
  await expect(page.getByTestId('test-score-card').getByTestId('test-score-detail')).toContainText(`of ${total} tests passed`);
  await page.getByTestId('test-score-card').scrollIntoViewIfNeeded();
  await shot(page, 'dashboard-test-score-en');
  await switchLocale(page, 'de');
  await expect(page.getByTestId('test-score-card')).toContainText('Qualitätswert');
});

test('contacts: an invalid phone is refused at the field, a valid one is saved as the default contact', async () => {
  await open('/training/contacts');
  await page.getByTestId('contact-add').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Vollständiger Name', exact: true }).fill('Jana Schmidt');
  await dialog.getByRole('textbox', { name: 'Abteilung', exact: true }).fill('Werkstatt');
  await dialog.getByRole('textbox', { name: 'E-Mail', exact: true }).fill('jana@radhaus');
  await dialog.getByRole('textbox', { name: 'Telefon', exact: true }).fill('abc');
  await page.getByTestId('contact-save').click();
  await expect(dialog.getByText('Ungültige Telefonnummer')).toBeVisible();
  await expect(dialog.getByText('Ungültige E-Mail-Adresse')).toBeVisible();
  await shot(page, 'training-contact-form-de');
  if (!(await dialog.isVisible())) {
    await page.getByTestId('contact-add').click();
    await dialog.getByRole('textbox', { name: 'Vollständiger Name', exact: true }).fill('Jana Schmidt');
    await dialog.getByRole('textbox', { name: 'Abteilung', exact: true }).fill('Werkstatt');
  }
  await dialog.getByRole('textbox', { name: 'E-Mail', exact: true }).fill('jana@radhaus.test');
  await dialog.getByRole('textbox', { name: 'Telefon', exact: true }).fill('+49 221 123456');
  await page.getByTestId('contact-save').click();
  await expect(notification()).toContainText('Kontakt hinzugefügt');
  const jana = row('contact-list', 'Jana Schmidt');
  await expect(jana.getByTestId('contact-default')).toBeVisible();

  // A second contact replaces the default one for sales.
  await page.getByTestId('contact-add').click();
  await dialog.getByRole('textbox', { name: 'Vollständiger Name', exact: true }).fill('Tom Weber');
  await dialog.getByRole('textbox', { name: 'Abteilung', exact: true }).fill('Verkauf');
  await dialog.getByRole('textbox', { name: 'E-Mail', exact: true }).fill('tom@radhaus.test');
  await dialog.getByRole('textbox', { name: 'Telefon', exact: true }).fill('0221 654321');
  await dialog.getByRole('combobox', { name: 'Ersetzt für diese Abteilung' }).click();
  await page.getByRole('option', { name: 'Jana Schmidt (Werkstatt)' }).click();
  await page.getByTestId('contact-save').click();
  const tom = row('contact-list', 'Tom Weber');
  await expect(tom).toContainText('Ersetzt Jana Schmidt für Verkauf');
  await expect(tom.getByTestId('contact-default')).toHaveCount(0);

  await tom.getByTestId('contact-edit').click();
  await dialog.getByRole('textbox', { name: 'Telefon', exact: true }).fill('12');
  await page.getByTestId('contact-save').click();
  await expect(dialog.getByText('Ungültige Telefonnummer')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Telefon', exact: true }).fill('0221 654322');
  await page.getByTestId('contact-save').click();
  await expect(tom).toContainText('0221 654322');
  await shot(page, 'training-contacts-de');
});

test('the website screen in English', async () => {
  await open('/training/website');
  await switchLocale(page, 'en');
  await expect(page.getByTestId('website-train-all')).toHaveText('Train all');
  await expect(page.getByTestId('training-tab-questionAnswer')).toHaveText('Question-answer');
  await shot(page, 'training-website-en');
  await switchLocale(page, 'de');
});
