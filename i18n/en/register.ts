export const register = {
  title: 'Registration',
  steps: { login: 'Login data', personal: 'Personal data', website: 'Train website', start: 'Get started' },
};
