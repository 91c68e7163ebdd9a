/**
 * Optional semantic retrieval: a client for any OpenAI-compatible /embeddings endpoint (OpenAI,
 * Azure, Mistral, Ollama, vLLM, text-embeddings-inference…). Off unless EMBEDDINGS_BASE_URL and
 * EMBEDDINGS_MODEL are configured; off, nothing else changes (no table rows, no calls).
 *
 * Passages are embedded by the embeddings job after training (jobs/embeddings.ts), never inside a
 * training transaction; the question is embedded when it is asked, and retrieval.ts fuses the
 * cosine ranking with the lexical one.
 */
import { AppError, notConfigured } from '../errors.ts';

export interface EmbeddingsConfig {
  EMBEDDINGS_BASE_URL?: string;
  EMBEDDINGS_MODEL?: string;
  EMBEDDINGS_API_KEY?: string;
  EMBEDDINGS_TIMEOUT_MS?: number;
}

export interface EmbeddingsClient {
  model: string;
  /** One vector per input, in order; inputs go to the endpoint in batches (EMBED_BATCH, MAX_BATCH_CHARS). */
  embed(inputs: string[]): Promise<number[][]>;
  /** A visitor's question, cached by its text for QUERY_CACHE_MS (the same question asked again costs no call). */
  embedQuery(text: string): Promise<number[]>;
}

/** Inputs per request: OpenAI accepts up to 2048, local servers are slower per call with large batches. */
export const EMBED_BATCH = 64;
/** Characters per request, whatever the count: a batch of long units must stay a reasonable request. */
export const MAX_BATCH_CHARS = 120_000;
/** Characters of one input: units are short (~600 characters plus headings); a long FAQ answer is cut. */
export const MAX_INPUT_CHARS = 4_000;
export const QUERY_CACHE_MS = 60_000;
const QUERY_CACHE_SIZE = 1_000;

export function isEmbeddingsConfigured(config: EmbeddingsConfig) {
  return !!(config.EMBEDDINGS_BASE_URL && config.EMBEDDINGS_MODEL);
}

const failed = (message: string, details: Record<string, unknown> = {}) =>
  new AppError(502, 'UpstreamFailed', message, { provider: 'embeddings', ...details });

/** Splits inputs into requests of at most EMBED_BATCH inputs and MAX_BATCH_CHARS characters. */
export function batches(inputs: string[], max = EMBED_BATCH, maxChars = MAX_BATCH_CHARS): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  let chars = 0;
  for (const input of inputs) {
    if (cur.length && (cur.length >= max || chars + input.length > maxChars)) {
      out.push(cur);
      cur = [];
      chars = 0;
    }
    cur.push(input);
    chars += input.length;
  }
  if (cur.length) out.push(cur);
  return out;
}

export function createEmbeddingsClient(config: EmbeddingsConfig): EmbeddingsClient {
  if (!config.EMBEDDINGS_BASE_URL || !config.EMBEDDINGS_MODEL) throw notConfigured('embeddings');
  const endpoint = `${config.EMBEDDINGS_BASE_URL.replace(/\/$/, '')}/embeddings`;
  const model = config.EMBEDDINGS_MODEL;
  const timeoutMs = config.EMBEDDINGS_TIMEOUT_MS ?? 10_000;

  async function request(input: string[]): Promise<number[][]> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (config.EMBEDDINGS_API_KEY) headers.authorization = `Bearer ${config.EMBEDDINGS_API_KEY}`;
    let res: Response;
    let text: string;
    try {
      res = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify({ model, input }), signal: AbortSignal.timeout(timeoutMs) });
      text = await res.text();
    } catch (e) {
      const timedOut = (e as Error).name === 'TimeoutError';
      throw failed(timedOut ? 'Embeddings endpoint timed out' : 'Embeddings endpoint unreachable');
    }
    if (!res.ok) throw failed(`Embeddings endpoint answered ${res.status}`, { status: res.status });
    let data: unknown;
    try {
      data = JSON.parse(text)?.data;
    } catch {
      /* handled below */
    }
    if (!Array.isArray(data) || data.length !== input.length) throw failed('Embeddings endpoint sent no vectors for the inputs');
    // OpenAI lists the vectors in input order and numbers them; follow the numbers when every item has one.
    const items = data.every((d) => typeof d?.index === 'number') ? [...data].sort((a, b) => a.index - b.index) : data;
    const vectors = items.map((d) => d?.embedding);
    const dims = Array.isArray(vectors[0]) ? vectors[0].length : 0;
    for (const v of vectors)
      if (!Array.isArray(v) || !v.length || v.length !== dims || !v.every((x) => typeof x === 'number' && Number.isFinite(x)))
        throw failed('Embeddings endpoint sent a malformed vector');
    return vectors as number[][];
  }

  const cache = new Map<string, { until: number; vector: Promise<number[]> }>();
  return {
    model,
    async embed(inputs) {
      const out: number[][] = [];
      for (const batch of batches(inputs.map((t) => t.slice(0, MAX_INPUT_CHARS).trim() || '-'))) out.push(...(await request(batch)));
      return out;
    },
    embedQuery(text) {
      const key = text.trim().slice(0, MAX_INPUT_CHARS);
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && hit.until > now) return hit.vector;
      const vector = request([key || '-']).then((v) => v[0]);
      cache.delete(key);
      cache.set(key, { until: now + QUERY_CACHE_MS, vector });
      vector.catch(() => cache.delete(key));
      while (cache.size > QUERY_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return vector;
    },
  };
}

/**
 * The client the answer processes of one database use. retrieve() is called with a database only
 * (the answer engine knows nothing of configuration), so buildApp registers the client for its
 * database; a process without registration (benchmarks, scripts) searches lexically only.
 */
export interface EmbeddingsUse {
  client: EmbeddingsClient;
  log?: { warn: (obj: object, msg: string) => void };
}
const registered = new WeakMap<object, EmbeddingsUse>();

export function useEmbeddings(db: object, config: EmbeddingsConfig, log?: EmbeddingsUse['log']) {
  if (isEmbeddingsConfigured(config)) registered.set(db, { client: createEmbeddingsClient(config), log });
  else registered.delete(db);
}

export function embeddingsFor(db: object): EmbeddingsUse | null {
  return registered.get(db) ?? null;
}

/**
 * The vectors of one chatbot's units, normalised, in one contiguous array: the cosine of a question
 * with every unit is a dot product per unit (a few milliseconds for thousands of units).
 *
 * Each vector is kept as 8-bit integers with its own scale (a quarter of 32-bit floats: 3,000 units
 * of 1,536 dimensions take 4.6 MB, and answer processes keep up to 50 chatbots' indexes); the
 * cosines this gives differ from the exact ones by well under 0.01.
 */
export class VectorIndex {
  readonly dims: number;
  readonly size: number;
  private readonly data: Int8Array;
  private readonly scales: Float32Array;
  private readonly units: Int32Array;

  /** `unit` is the position of the vector's unit in the caller's list. Vectors of another length than the first are left out. */
  constructor(rows: { unit: number; vector: ArrayLike<number> }[]) {
    this.dims = rows[0]?.vector.length ?? 0;
    const kept = rows.filter((r) => r.vector.length === this.dims && norm(r.vector) > 0);
    this.size = kept.length;
    this.data = new Int8Array(this.size * this.dims);
    this.scales = new Float32Array(this.size);
    this.units = new Int32Array(this.size);
    kept.forEach((r, i) => {
      let max = 0;
      for (let d = 0; d < this.dims; d++) max = Math.max(max, Math.abs(r.vector[d]));
      const step = max / 127;
      for (let d = 0; d < this.dims; d++) this.data[i * this.dims + d] = Math.round(r.vector[d] / step);
      // Normalised after rounding: the dot product with a unit question vector is the cosine.
      let sq = 0;
      for (let d = 0; d < this.dims; d++) sq += this.data[i * this.dims + d] ** 2;
      this.scales[i] = 1 / Math.sqrt(sq);
      this.units[i] = r.unit;
    });
  }

  /** The cosine of a vector with every unit's vector, by unit (empty when the vector has another length). */
  similarities(vector: ArrayLike<number>): Map<number, number> {
    const out = new Map<number, number>();
    const n = norm(vector);
    if (vector.length !== this.dims || !n) return out;
    const q = Float32Array.from(vector, (x) => x / n);
    for (let i = 0; i < this.size; i++) {
      let dot = 0;
      const off = i * this.dims;
      for (let d = 0; d < this.dims; d++) dot += this.data[off + d] * q[d];
      out.set(this.units[i], dot * this.scales[i]);
    }
    return out;
  }
}

function norm(v: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}
