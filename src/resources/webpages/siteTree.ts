/** The site tree of the pages list (contract/siteTree.ts) and what the tree view selects with a folder. */
import type { SiteTreeNode } from '../../../contract/siteTree.ts';

export { buildSiteTree, type SiteTreeNode, type TreePage } from '../../../contract/siteTree.ts';

/** The ids of the pages in a node and below it (a folder's checkbox selects all of them). */
export function pageIdsOf(node: SiteTreeNode): string[] {
  return [...(node.page ? [node.page.id] : []), ...node.children.flatMap(pageIdsOf)];
}
