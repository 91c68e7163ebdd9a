import { describe, expect, it } from 'vitest';
import { folderProblem } from '../../server/src/dataFolders.ts';
import { statsOf, type PageOutcome } from '../../server/src/training/scrapeJobs.ts';

describe('folderProblem: the reason an operator reads when a data folder cannot be used', () => {
  it('names Node file-system errors in words, with their code', () => {
    const err = (code: string) => Object.assign(new Error(`${code}: something, open '/x'`), { code });
    expect(folderProblem(err('EROFS'))).toBe('the file system is read-only (EROFS)');
    expect(folderProblem(err('ENOSPC'))).toBe('no space left on the device (ENOSPC)');
    expect(folderProblem(err('EACCES'))).toBe('permission denied (EACCES)');
    expect(folderProblem(err('ENOTDIR'))).toBe('a part of the path is a file, not a folder (ENOTDIR)');
  });

  it("reads PGlite's Emscripten errors, which carry only a number", () => {
    expect(folderProblem({ name: 'ErrnoError', errno: 51 })).toBe('no space left on the device (ENOSPC)');
    expect(folderProblem({ name: 'ErrnoError', errno: 69 })).toBe('the file system is read-only (EROFS)');
    expect(folderProblem({ name: 'ErrnoError', errno: 7 })).toBe('errno 7');
  });

  it('keeps only the first line of anything else', () => {
    expect(folderProblem(new Error('PGlite failed to initialize properly\n    at minified source…'))).toBe('PGlite failed to initialize properly');
  });
});

describe('statsOf: the counts a resumed crawl starts from', () => {
  it('counts each logged page once under its outcome; trained = added + changed', () => {
    const log = new Map<string, PageOutcome>([
      ['https://a.test/', 'added'],
      ['https://a.test/1', 'added'],
      ['https://a.test/2', 'changed'],
      ['https://a.test/3', 'unchanged'],
      ['https://a.test/4', 'removed'],
      ['https://a.test/5', 'failed'],
    ]);
    expect(statsOf(log)).toEqual({
      pages_found: 0, pages_trained: 3, pages_added: 2, pages_changed: 1, pages_unchanged: 1, pages_removed: 1, pages_failed: 1,
    });
    expect(statsOf(new Map())).toMatchObject({ pages_trained: 0, pages_added: 0, pages_failed: 0 });
  });
});
