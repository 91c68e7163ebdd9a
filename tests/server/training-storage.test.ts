import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatbot, startTestServer, type TestServer } from './helpers.ts';
import { ConfigError, loadConfig } from '../../server/src/config.ts';
import { LocalFolderStorage, S3Storage, documentStorage, s3Settings } from '../../server/src/training/storage.ts';

/**
 * A small path-style S3 double: PUT stores the body, GET returns it, DELETE removes it.
 * It does not verify signatures, but refuses a request without an AWS Signature Version 4 header.
 */
function fakeS3(bucket: string) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; path: string; authorization: string }[] = [];
  let failNext = false;
  const xmlError = (res: http.ServerResponse, status: number, code: string) =>
    res.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://s3.test');
      const authorization = String(req.headers.authorization ?? '');
      requests.push({ method: req.method!, path: decodeURIComponent(url.pathname), authorization });
      if (!authorization.startsWith('AWS4-HMAC-SHA256 ')) return xmlError(res, 403, 'AccessDenied');
      if (failNext) {
        failNext = false;
        return xmlError(res, 403, 'AccessDenied');
      }
      const prefix = `/${bucket}/`;
      if (!url.pathname.startsWith(prefix)) return xmlError(res, 404, 'NoSuchBucket');
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), contentType: String(req.headers['content-type'] ?? '') });
        return res.writeHead(200, { etag: '"fake"' }).end();
      }
      if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) return xmlError(res, 404, 'NoSuchKey');
        return res.writeHead(200, { 'content-type': o.contentType, 'content-length': o.body.length }).end(o.body);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      xmlError(res, 405, 'MethodNotAllowed');
    });
  });
  return {
    objects,
    requests,
    failNextRequest: () => (failNext = true),
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

async function upload(s: TestServer, token: string, name: string, content: Buffer, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const res = await fetch(s.url + '/api/v1/documents', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, json: await res.json() };
}

const s3Env = (endpoint: string) => ({
  S3_BUCKET: 'chatbot-docs',
  S3_ENDPOINT: endpoint,
  S3_REGION: 'eu-central-1',
  S3_ACCESS_KEY_ID: 'AKIATESTKEY',
  S3_SECRET_ACCESS_KEY: 'test-secret',
});

describe('documents in S3-compatible storage', () => {
  const fake = fakeS3('chatbot-docs');
  let s: TestServer;
  let token: string;
  let orgId: string;
  let chatbotId: string;

  beforeAll(async () => {
    const endpoint = await fake.start();
    s = await startTestServer(s3Env(endpoint));
    const u = await s.createUser();
    token = u.token;
    orgId = u.user.organization_id;
    chatbotId = await createChatbot(s, orgId, { lang: 'de' });
  });
  afterAll(async () => {
    await s?.close();
    await fake.close();
  });

  it('stores an uploaded document under <organization>/<chatbot>/<document> and removes it on delete', async () => {
    const bytes = Buffer.from('Unsere Werkstatt ist montags bis freitags von 9 bis 18 Uhr geöffnet.\n');
    const r = await upload(s, token, 'oeffnungszeiten.txt', bytes, { chatbotId, lang: 'de' });
    expect(r.status).toBe(201);
    const key = `${orgId}/${chatbotId}/${r.json.id}`;

    expect([...fake.objects.keys()]).toEqual([key]);
    expect(fake.objects.get(key)!.body.equals(bytes)).toBe(true);
    expect(fake.objects.get(key)!.contentType).toBe('text/plain; charset=utf-8');
    const put = fake.requests.find((q) => q.method === 'PUT')!;
    expect(put.path).toBe(`/chatbot-docs/${key}`); // path-style because S3_ENDPOINT is set
    expect(put.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATESTKEY\/\d{8}\/eu-central-1\/s3\/aws4_request/);
    const row = await s.db.query<{ storage_key: string }>('select storage_key from documents where id = $1', [r.json.id]);
    expect(row.rows[0].storage_key).toBe(key);

    // Another tenant can neither delete it nor touch the object.
    const other = await s.createUser();
    expect((await s.api('DELETE', `/api/v1/documents/${r.json.id}`, { token: other.token })).status).toBe(404);
    expect(fake.objects.has(key)).toBe(true);

    const del = await s.api('DELETE', `/api/v1/documents/${r.json.id}`, { token });
    expect(del.status).toBe(200);
    expect(fake.objects.has(key)).toBe(false);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/chatbot-docs/${key}` });
    const left = await s.db.query<{ n: number }>('select count(*)::int n from documents where id = $1', [r.json.id]);
    expect(left.rows[0].n).toBe(0);
  });

  it('creates no document when the store refuses the upload, and keeps the document when it refuses the delete', async () => {
    const before = (await s.db.query<{ n: number }>('select count(*)::int n from documents')).rows[0].n;
    fake.failNextRequest();
    const r = await upload(s, token, 'preise.txt', Buffer.from('Eine Inspektion kostet 49 Euro.'), { chatbotId, lang: 'de' });
    expect(r.status).toBe(500);
    expect((await s.db.query<{ n: number }>('select count(*)::int n from documents')).rows[0].n).toBe(before);
    expect(fake.objects.size).toBe(0);

    const ok = await upload(s, token, 'preise.txt', Buffer.from('Eine Inspektion kostet 49 Euro.'), { chatbotId, lang: 'de' });
    expect(ok.status).toBe(201);
    fake.failNextRequest();
    expect((await s.api('DELETE', `/api/v1/documents/${ok.json.id}`, { token })).status).toBe(500);
    expect((await s.api('GET', `/api/v1/documents/${ok.json.id}`, { token })).status).toBe(200);
    expect(fake.objects.size).toBe(1);
    expect((await s.api('DELETE', `/api/v1/documents/${ok.json.id}`, { token })).status).toBe(200);
    expect(fake.objects.size).toBe(0);
  });

  it('reads an object back and reports a missing one', async () => {
    const storage = documentStorage(s.app.ctx.config);
    expect(storage).toBeInstanceOf(S3Storage);
    await storage.put('o/c/d', Buffer.from([0, 1, 2, 255]), 'application/octet-stream');
    expect([...(await storage.get('o/c/d'))]).toEqual([0, 1, 2, 255]);
    await storage.delete('o/c/d');
    await expect(storage.get('o/c/d')).rejects.toMatchObject({ name: 'NoSuchKey' });
    await storage.delete('o/c/d'); // deleting twice is fine
  });
});

describe('local folder storage', () => {
  it('writes, reads and deletes files below its folder and refuses keys that leave it', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
    try {
      const storage = new LocalFolderStorage(root);
      await storage.put('org/bot/doc', Buffer.from('hallo'), 'text/plain');
      expect((await fs.readFile(path.join(root, 'org/bot/doc'))).toString()).toBe('hallo');
      expect((await storage.get('org/bot/doc')).toString()).toBe('hallo');
      await storage.delete('org/bot/doc');
      await expect(fs.stat(path.join(root, 'org/bot/doc'))).rejects.toMatchObject({ code: 'ENOENT' });
      await storage.delete('org/bot/doc');
      for (const bad of ['../escape', 'org/../../escape', '/etc/passwd', 'org//doc', ''])
        await expect(storage.put(bad, Buffer.from('x'), 'text/plain'), bad).rejects.toThrow(/Invalid storage key/);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('holds documents uploaded through the API under UPLOAD_DIR when S3_BUCKET is not set', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-api-'));
    const s = await startTestServer({ UPLOAD_DIR: root });
    try {
      const u = await s.createUser();
      const chatbotId = await createChatbot(s, u.user.organization_id);
      const bytes = Buffer.from('Lieferung innerhalb von drei Werktagen.');
      const r = await upload(s, u.token, 'lieferung.txt', bytes, { chatbotId, lang: 'de' });
      expect(r.status).toBe(201);
      const file = path.join(root, u.user.organization_id, chatbotId, r.json.id);
      expect((await fs.readFile(file)).equals(bytes)).toBe(true);
      expect((await s.api('DELETE', `/api/v1/documents/${r.json.id}`, { token: u.token })).status).toBe(200);
      await expect(fs.stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await s.close();
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('is used when S3_BUCKET is not set', () => {
    const config = loadConfig({ DATA_DIR: ':memory:', UPLOAD_DIR: '/tmp/some-uploads' });
    expect(documentStorage(config)).toBeInstanceOf(LocalFolderStorage);
    expect(s3Settings(config)).toBeNull();
  });
});

describe('S3 configuration', () => {
  it('requires both keys when a bucket is set, with a message naming them', () => {
    expect(() => loadConfig({ S3_BUCKET: 'docs' })).toThrow(ConfigError);
    try {
      loadConfig({ S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'AKIA' });
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).toContain('S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set');
      expect((e as Error).message).not.toContain('S3_ACCESS_KEY_ID');
    }
    expect(() => loadConfig({ S3_BUCKET: 'docs', S3_SECRET_ACCESS_KEY: 'x' })).toThrow(/S3_ACCESS_KEY_ID: required when S3_BUCKET is set/);
    expect(() => loadConfig({ S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('defaults the region and path-style addressing from the endpoint', () => {
    const keys = { S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' };
    expect(s3Settings(loadConfig(keys))).toEqual({ bucket: 'docs', endpoint: undefined, region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b', forcePathStyle: false });
    expect(s3Settings(loadConfig({ ...keys, S3_ENDPOINT: 'http://minio:9000' }))!.forcePathStyle).toBe(true);
    expect(s3Settings(loadConfig({ ...keys, S3_ENDPOINT: 'https://r2.example', S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'auto' }))).toMatchObject({ forcePathStyle: false, region: 'auto' });
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'a' })).not.toThrow(); // keys without a bucket: local folder, nothing to check
  });
});
