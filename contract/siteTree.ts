/**
 * The site tree: pages nested by their path segments, one root per origin. A folder that has no page of its
 * own (e.g. /blog/ when only /blog/a.html was crawled) is a node without a page. The dashboard's tree view
 * and the server's tree calls (websites/{id}/tree, webpages/tree) both build it here. Zod-free.
 */
export interface TreePage {
  id: string;
  url: string;
}

export interface SiteTreeNode<P extends TreePage = TreePage> {
  /** The node's address: a page URL, or a folder URL ending in "/". */
  url: string;
  /** The last path segment (or "/" for the start page), what the tree shows. */
  label: string;
  page: P | null;
  children: SiteTreeNode<P>[];
}

export function buildSiteTree<P extends TreePage>(pages: readonly P[]): SiteTreeNode<P>[] {
  const roots: SiteTreeNode<P>[] = [];
  const byUrl = new Map<string, SiteTreeNode<P>>();
  const node = (url: string, label: string, siblings: SiteTreeNode<P>[]) => {
    let n = byUrl.get(url);
    if (!n) {
      n = { url, label, page: null, children: [] };
      byUrl.set(url, n);
      siblings.push(n);
    }
    return n;
  };
  const sorted = [...pages].sort((a, b) => a.url.localeCompare(b.url));
  for (const p of sorted) {
    let u: URL;
    try {
      u = new URL(p.url);
    } catch {
      continue;
    }
    const root = node(`${u.origin}/`, u.host, roots);
    const segments = u.pathname.split('/').filter(Boolean);
    let parent = root;
    let prefix = `${u.origin}/`;
    // Every segment but the last is a folder; a path ending in "/" is the folder's own page.
    const isFolder = u.pathname.endsWith('/');
    const folders = isFolder ? segments.length : segments.length - 1;
    for (let i = 0; i < folders; i++) {
      prefix += `${segments[i]}/`;
      parent = node(prefix, `${segments[i]}/`, parent.children);
    }
    const exact = `${u.origin}${u.pathname}${u.search}`;
    if (exact === parent.url) parent.page = p;
    else node(exact, isFolder ? u.search : `${segments[segments.length - 1]}${u.search}`, parent.children).page = p;
  }
  return roots;
}
