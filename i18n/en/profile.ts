export const profile = { title: 'Profile' };
