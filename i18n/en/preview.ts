export const preview = { title: 'Preview' };
