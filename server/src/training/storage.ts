import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';

/** Where uploaded document files live: a local folder by default, S3-compatible storage when S3_BUCKET is set. */
export interface DocumentStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Removes the object; a key that is already gone is not an error, so a retried delete succeeds. */
  delete(key: string): Promise<void>;
  /** Called once a folder's objects are deleted (an organization's, on account deletion): removes the folder itself. */
  deleteFolder(prefix: string): Promise<void>;
}

/** Object key of a document: one folder per organization and chatbot. */
export const documentKey = (d: { organizationId: string; chatbotId: string; documentId: string }) =>
  `${d.organizationId}/${d.chatbotId}/${d.documentId}`;

/** Keys are made by the server, but a key must never climb out of its folder or bucket prefix. */
function checkKey(key: string) {
  if (!key || key.startsWith('/') || key.split('/').some((p) => p === '' || p === '.' || p === '..') || key.includes('\\'))
    throw new Error(`Invalid storage key: ${key}`);
  return key;
}

export function uploadDir(config: Config) {
  if (config.UPLOAD_DIR) return path.resolve(config.UPLOAD_DIR);
  if (config.DATA_DIR === ':memory:') return path.join(os.tmpdir(), 'chatbot-uploads');
  return path.join(config.dataDir, 'uploads');
}

export class LocalFolderStorage implements DocumentStorage {
  constructor(private readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, checkKey(key));
  }

  // A folder keeps no content type; the documents row records the type.
  async put(key: string, body: Buffer, _contentType: string) {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, body);
  }

  async get(key: string) {
    return fs.readFile(this.file(key));
  }

  async delete(key: string) {
    await fs.rm(this.file(key), { force: true });
  }

  // Recursive: a file a crash left behind without its row goes with the folder.
  async deleteFolder(prefix: string) {
    await fs.rm(this.file(prefix), { recursive: true, force: true });
  }
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export class S3Storage implements DocumentStorage {
  // The SDK loads with the first object stored or read: it is a large part of a start's module loading, and a
  // server without S3_BUCKET never needs it.
  private connection: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | null = null;

  constructor(private readonly s: S3Settings) {}

  private connect() {
    return (this.connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.s.region,
        endpoint: this.s.endpoint,
        forcePathStyle: this.s.forcePathStyle,
        credentials: { accessKeyId: this.s.accessKeyId, secretAccessKey: this.s.secretAccessKey },
        // S3-compatible stores (MinIO, R2, older Ceph) do not all accept the SDK's newer default checksum headers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      }),
    })));
  }

  async put(key: string, body: Buffer, contentType: string) {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.s.bucket, Key: checkKey(key), Body: body, ContentType: contentType }));
  }

  async get(key: string) {
    const { sdk, client } = await this.connect();
    const r = await client.send(new sdk.GetObjectCommand({ Bucket: this.s.bucket, Key: checkKey(key) }));
    if (!r.Body) throw new Error(`Empty object: ${key}`);
    return Buffer.from(await r.Body.transformToByteArray());
  }

  async delete(key: string) {
    const { sdk, client } = await this.connect();
    // S3 answers 204 for a missing key too.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.s.bucket, Key: checkKey(key) }));
  }

  // S3 has no folders, only key prefixes: once the objects are deleted, nothing of the prefix is left.
  async deleteFolder(prefix: string) {
    checkKey(prefix);
  }
}

export function s3Settings(config: Config): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  return {
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    // config.ts refuses a bucket without both keys.
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    // MinIO and most self-hosted stores only speak path-style addressing; AWS itself prefers virtual hosts.
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
  };
}

// One storage (and one S3 connection pool) per loaded configuration.
const byConfig = new WeakMap<Config, DocumentStorage>();

export function documentStorage(config: Config): DocumentStorage {
  let storage = byConfig.get(config);
  if (!storage) {
    const s3 = s3Settings(config);
    storage = s3 ? new S3Storage(s3) : new LocalFolderStorage(uploadDir(config));
    byConfig.set(config, storage);
  }
  return storage;
}
