import { AddWebsiteDialog } from './AddWebsiteDialog.tsx';
import { WebsiteTraining } from './WebsiteTraining.tsx';
import { websitesResource } from './resource.ts';

/** Websites (domains per language) and their pages (/training/website). */
export default {
  ...websitesResource,
  list: WebsiteTraining,
  create: AddWebsiteDialog,
};
