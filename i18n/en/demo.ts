export const demo = {
  title: 'Demo',
  training: 'The chatbot is still being trained: answers may be worse for now.',
};
