import { LanguageList } from './LanguageList.tsx';
import { languagesResource } from './resource.ts';

/**
 * The chatbot's languages (spec: GET/POST/PATCH/DELETE languages/{chatbotId}). Its list is the /language
 * screen (composed by the language plugin).
 */
export default {
  ...languagesResource,
  list: LanguageList,
};
