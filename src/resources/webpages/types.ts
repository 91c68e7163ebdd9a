export interface Webpage {
  id: string;
  chatbotId: string;
  websiteId: string;
  lang: string;
  url: string;
  path: string;
  title: string;
  favorite: boolean;
  lastTrained: string | null;
  beingTrained: boolean;
  characters: number;
  createdAt: string;
}

export type WebpageView = 'list' | 'grid' | 'tree';
