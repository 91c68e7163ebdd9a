export interface TrainingDocument {
  id: string;
  chatbotId: string;
  lang: string;
  name: string;
  type: 'pdf' | 'docx' | 'txt';
  size: number;
  characters: number;
  sourceUrl: string | null;
  createdAt: string;
}

export interface QueueItem {
  key: string;
  name: string;
  size: number | null;
  status: import('./fileCheck.ts').UploadStatus;
  /** i18n key of the reason, for error items. */
  message?: string;
}
