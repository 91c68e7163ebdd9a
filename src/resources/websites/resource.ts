import LanguageIcon from '@mui/icons-material/LanguageOutlined';

/** What the app registers of the websites resource; its views are added in index.ts (loaded with the screen). */
export const websitesResource = {
  name: 'websites',
  icon: LanguageIcon,
  recordRepresentation: 'domain',
};
