import languages from '../../resources/languages/index.ts';

/** /language: the languages resource's list, laid out as the language management screen. */
export default function LanguagePage() {
  return <languages.list />;
}
