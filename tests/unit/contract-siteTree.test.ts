/** contract/siteTree.ts: the one site-tree builder of the dashboard's tree view and the server's tree calls. */
import { describe, expect, it } from 'vitest';
import { buildSiteTree, type SiteTreeNode } from '../../contract/siteTree.ts';

/** The tree as indented lines: label, then the page id in brackets when the node is a page. */
const outline = (nodes: SiteTreeNode[], depth = 0): string[] =>
  nodes.flatMap((n) => [`${'  '.repeat(depth)}${n.label}${n.page ? ` [${n.page.id}]` : ''}`, ...outline(n.children, depth + 1)]);
const pages = (...urls: string[]) => urls.map((url, i) => ({ id: String(i + 1), url }));

describe('buildSiteTree', () => {
  it.each([
    ['no pages', pages(), []],
    ['the start page only', pages('https://e.com/'), ['e.com [1]']],
    ['a page in a folder without a page of its own', pages('https://e.com/blog/a.html'), ['e.com', '  blog/', '    a.html [1]']],
    ['a folder with its own page, listed after its child', pages('https://e.com/shop/rad.html', 'https://e.com/shop/'), ['e.com', '  shop/ [2]', '    rad.html [1]']],
    ['two levels of folders', pages('https://e.com/blog/2024/post'), ['e.com', '  blog/', '    2024/', '      post [1]']],
    ['a query string names its own page', pages('https://e.com/list?page=2', 'https://e.com/list'), ['e.com', '  list [2]', '  list?page=2 [1]']],
    ['one root per origin', pages('https://b.com/x', 'https://a.com/y'), ['a.com', '  y [2]', 'b.com', '  x [1]']],
    ['an address that is no URL is left out', pages('not a url', 'https://e.com/'), ['e.com [2]']],
  ])('%s', (_name, input, expected) => expect(outline(buildSiteTree(input))).toEqual(expected));

  it('keeps each page object, with its own fields, on its node', () => {
    const [root] = buildSiteTree([{ id: '1', url: 'https://e.com/a', title: 'A' }]);
    expect(root.children[0]).toMatchObject({ url: 'https://e.com/a', page: { id: '1', title: 'A' }, children: [] });
  });
});
