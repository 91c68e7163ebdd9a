/**
 * Backpressure for answer work (issue 13 item 4). An answer costs CPU in this process and in the database; past
 * what two cores can do, more requests in progress only make every answer slower until clients time out. So at
 * most `concurrency` answers run at once, at most `queue` wait for a place, and none waits longer than `waitMs`.
 * What cannot be served that way is refused at once with 503 ServerBusy and Retry-After, so the widget shows its
 * busy text and asks again, instead of a hang or a dropped connection.
 *
 * A newcomer is refused as soon as its expected wait (its place in the queue times the measured time of an
 * answer, divided by the places) exceeds `waitMs`, rather than after waiting that long. The measured time is
 * wall time, so a lagging event loop or a slow database lengthens it and the queue shrinks with them: no
 * separate event-loop-lag signal is needed.
 *
 * Waiting happens before the route's handler runs: a waiting request holds no database connection.
 */
import { EventEmitter } from 'node:events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { visitorText } from '../../runtime/visitorTexts.ts';

export interface AnswerLimits {
  concurrency: number;
  queue: number;
  waitMs: number;
}

/**
 * Defaults for two cores. PostgreSQL answers in its own processes, so answers in progress overlap the database's
 * work with this process's, and answers in the same turn of the event loop share statements (the chatbot's read
 * and the recording, runtime/sameTurn.ts; the rate counters, services/rateLimitStore.ts). Measured with `answer`
 * (50 visitors, 28 November): 8 at once 510 answers/s, 16 590, 32 630, 50 620; past 32 nothing more is shared.
 * The pool's 10 connections (and 10 for statements planned once) still bound the database's work. PGlite runs on
 * one thread of this process (db/pgliteThread.ts), where two keep it busy and more only interleave.
 */
export function answerLimits(config: Pick<Config, 'DATABASE_URL' | 'ANSWER_CONCURRENCY' | 'ANSWER_QUEUE' | 'ANSWER_QUEUE_WAIT_MS'>): AnswerLimits {
  const postgres = Boolean(config.DATABASE_URL);
  return {
    concurrency: config.ANSWER_CONCURRENCY ?? (postgres ? 32 : 2),
    queue: config.ANSWER_QUEUE ?? (postgres ? 200 : 50),
    waitMs: config.ANSWER_QUEUE_WAIT_MS,
  };
}

/** Refused: no place now or soon. retryAfter in whole seconds, at least 1. */
export class Busy extends Error {
  constructor(readonly retryAfter: number) {
    super('busy');
  }
}

interface Waiter {
  start: () => void;
  refuse: (e: Busy) => void;
  gone: () => boolean;
  timer: NodeJS.Timeout;
}

/** First guess of an answer's time, until answers have been measured. */
const INITIAL_ANSWER_MS = 50;
/** Weight of the newest answer in the moving average of answer time. */
const ALPHA = 0.2;

/** Emits 'change' whenever an answer starts, ends, queues or leaves the queue (tests wait on it instead of on time). */
export class AnswerQueue extends EventEmitter {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private answerMs = INITIAL_ANSWER_MS;

  constructor(readonly limits: AnswerLimits) {
    super();
  }

  get stats() {
    return { running: this.running, waiting: this.waiting.length, answerMs: Math.round(this.answerMs) };
  }

  /** How long the n-th waiter (0 = the next) is expected to wait for a place. */
  private expectedWaitMs(n: number) {
    return ((n + 1) * this.answerMs) / this.limits.concurrency;
  }

  retryAfter() {
    return Math.min(30, Math.max(1, Math.ceil((this.expectedWaitMs(this.waiting.length) + this.answerMs) / 1000)));
  }

  /** Whether a request arriving now would get a place or a place in the queue. */
  admits() {
    if (this.running < this.limits.concurrency && this.waiting.length === 0) return true;
    return this.waiting.length < this.limits.queue && this.expectedWaitMs(this.waiting.length) <= this.limits.waitMs;
  }

  /** Runs fn when a place is free; throws Busy when none is free now or within waitMs. */
  async run<T>(fn: () => Promise<T>, gone: () => boolean = () => false): Promise<T> {
    if (!this.admits()) throw new Busy(this.retryAfter());
    if (this.running >= this.limits.concurrency || this.waiting.length > 0) await this.wait(gone);
    else this.running++;
    this.emit('change');
    const t = performance.now();
    try {
      return await fn();
    } finally {
      this.answerMs += ALPHA * (performance.now() - t - this.answerMs);
      this.running--;
      this.next();
      this.emit('change');
    }
  }

  private wait(gone: () => boolean) {
    return new Promise<void>((start, refuse) => {
      const waiter: Waiter = {
        start,
        refuse,
        gone,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          refuse(new Busy(this.retryAfter()));
          this.emit('change');
        }, this.limits.waitMs),
      };
      this.waiting.push(waiter);
      this.emit('change');
    });
  }

  /** Hands a freed place to the oldest waiter whose client is still there (the others are dropped unanswered). */
  private next() {
    while (this.running < this.limits.concurrency && this.waiting.length) {
      const w = this.waiting.shift()!;
      clearTimeout(w.timer);
      if (w.gone()) {
        w.refuse(new Busy(this.retryAfter()));
        continue;
      }
      this.running++;
      // Started from the event loop, not from the finished answer's continuation: with PGlite an answer's queries
      // resolve in microtasks, and chaining the next answer onto them would keep the loop from accepting and
      // refusing new requests until the whole queue had been answered.
      setImmediate(w.start);
    }
  }
}

const queues = new WeakMap<object, AnswerQueue>();
/** The answer queue of a server (by its app.ctx): for /health-style reports and tests. */
export const answerQueueOf = (owner: object) => queues.get(owner);

const langOf = (req: FastifyRequest) => (req.headers['accept-language'] ?? '').split(/[,;]/)[0] || undefined;

/** The 503 a refused request gets: Retry-After, the contract's key, the visitor's text. */
export function serverBusy(req: FastifyRequest, reply: FastifyReply, retryAfter: number) {
  reply.header('retry-after', String(retryAfter));
  return new AppError(503, 'ServerBusy', `Too many questions at once, retry in ${retryAfter} s`, {
    visitorMessage: visitorText('ServerBusy', langOf(req)),
    retryAfter,
  });
}

/**
 * The route options that put a route's work behind the queue: `onRequest` refuses at once when the queue would
 * (before the rate limits count and before any answer work; only the CORS origin lookup, which a refusal needs
 * so that the widget on the customer's site can read it, comes first), `run` waits for a place.
 */
export function answerBackpressure(limits: AnswerLimits, owner?: object) {
  const queue = new AnswerQueue(limits);
  if (owner) queues.set(owner, queue);
  return {
    queue,
    onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
      if (!queue.admits()) throw serverBusy(req, reply, queue.retryAfter());
    },
    run: async <T>(req: FastifyRequest, reply: FastifyReply, fn: () => Promise<T>): Promise<T> => {
      try {
        return await queue.run(fn, () => req.raw.socket?.destroyed ?? false);
      } catch (e) {
        if (e instanceof Busy) throw serverBusy(req, reply, e.retryAfter);
        throw e;
      }
    },
  };
}

/**
 * Every 503 says when to ask again: the queue's refusals set their own Retry-After; a 503 from elsewhere (the
 * database connection lost, see db/postgres.ts) gets one second, since the pool reconnects on the next query.
 */
export function registerRetryAfter(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply) => {
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', '1');
  });
}
