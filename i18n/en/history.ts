export const history = { title: 'Chat history' };
