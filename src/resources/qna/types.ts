export interface Qna {
  id: string;
  chatbotId: string;
  lang: string;
  question: string;
  answer: string;
  active: boolean;
  fromChatHistory: boolean;
  hasLink: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The server's answer to an xlsx import (mode check lists the rows; import/skip store them). */
export interface QnaImportResult {
  total: number;
  duplicatesInFile: number;
  duplicatesExisting: number;
  imported: number;
  skipped: number;
  rows?: { question: string; answer: string; duplicate: 'file' | 'existing' | null; row?: number }[];
}
