export const uiconfig = {
  title: 'Chatbot interface',
  textAndMessages: 'Texts and messages',
  stylingAndColors: 'Styling and colors',
  contacts: 'Collect contacts',
};
