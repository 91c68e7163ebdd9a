export const app = {
  title: 'Chatbot Studio',
  loading: 'Loading...',
  loadingWait: 'This is taking a little longer, please wait...',
  locale: 'Interface language',
  locales: { de: 'Deutsch', en: 'English' },
  activeLanguage: 'Chatbot language',
  noLanguages: 'No language yet',
  adminMode: 'Admin view',
  comingSoon: 'This screen is being built.',
  copied: 'Copied to the clipboard',
  notification: { errorTitle: 'Error', successTitle: 'Done' },
  menu: { open: 'Open menu' },
};
