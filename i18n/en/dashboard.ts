export const dashboard = { title: 'Dashboard' };
