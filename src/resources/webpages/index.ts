import { WebpageList } from './WebpageList.tsx';
import { webpagesResource } from './resource.ts';

/**
 * The pages of a website. Their list is drawn inside the website training screen (/training/website,
 * websites resource) for the chosen website.
 */
export default {
  ...webpagesResource,
  list: WebpageList,
};
