export const language = { title: 'Languages' };
