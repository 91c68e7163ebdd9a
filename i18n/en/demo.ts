export const demo = {
  title: 'Demo',
  intro: 'Try the chatbot: ask it anything about the website it was trained on.',
  training: 'The chatbot is still being trained: answers may be worse for now.',
  frameTitle: 'Chatbot demo',
  problems: {
    invalidLink: 'The link does not lead to a chatbot. Please check that it was copied completely.',
    chatbotNotFound: 'There is no chatbot at this link (any more).',
    subscriptionInvalid: 'This chatbot is currently not available because its subscription has ended.',
    offline: 'Please check your internet connection and reload the page.',
    unknown: 'The chatbot could not be loaded. Please try again later.',
  },
};
